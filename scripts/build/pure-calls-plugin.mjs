// esbuild plugin: lets the bundler drop what react-router builds at load time and the app never uses.
// Its published modules create their contexts and components at the top level without marking the
// calls as pure (`var NavLink = React.forwardRef(...)`, `var Ctx = React.createContext(null)`) and
// name them in assignments (`Ctx.displayName = "Ctx"`). To a bundler each is a side effect, so every
// such component stays in the bundle with all it calls: the data router's forms, fetchers and
// navigation links among them, which the app's declarative routes never render. This marks those
// calls pure and leaves out the names, which only React's developer tools read; the code that runs
// is unchanged. tests/unit/build/pure-calls-plugin.test.ts checks what it gains and that routing works.
import { readFile } from 'node:fs/promises';

/** The modules it rewrites: react-router's published ES modules. */
const ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].+\.mjs$/;

/** `= React.forwardRef(`, `= React3.memo(`, `= React.createContext(`: calls that only create a value. */
const CREATING_CALL = /(=\s*)(React\d*\.(?:forwardRef|memo|createContext)\()/g;
/** A statement of its own that names a component or context for the developer tools. */
const DISPLAY_NAME = /^[ \t]*[A-Za-z0-9_$]+\.displayName = "[^"\n]*";[ \t]*$/gm;

/** The module's source with its creating calls marked pure and its display names left out. */
export function markPureCalls(source) {
  return source.replace(CREATING_CALL, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
}

/** @returns {import('esbuild').Plugin} */
export function pureCallsPlugin() {
  return {
    name: 'pure-calls',
    setup(build) {
      build.onLoad({ filter: ROUTER_MODULE }, async (args) => ({ contents: markPureCalls(await readFile(args.path, 'utf8')), loader: 'js' }));
    },
  };
}
