// The pure-calls build plugin (scripts/build/pure-calls-plugin.mjs): react-router's unused components
// leave the bundle, and the routes the app uses still render.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { markPureCalls, pureCallsPlugin } from '../../../scripts/build/pure-calls-plugin.mjs';

const ROOT = process.cwd();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(ROOT, 'node_modules/.cache-pure-calls-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What the app imports from the router (src/app). */
const APP_IMPORTS = "import { BrowserRouter, Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';";

async function bundle(name: string, source: string, options: esbuild.BuildOptions): Promise<string> {
  const entry = join(dir, `${name}.entry.jsx`);
  const outfile = join(dir, `${name}.mjs`);
  await writeFile(entry, source);
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    ...options,
  });
  return outfile;
}

describe('markPureCalls', () => {
  it('marks the calls that create a component or context pure, and leaves out display names', () => {
    const source = ['var Ctx = React.createContext(null);', 'Ctx.displayName = "Ctx";', 'var Nav = React10.forwardRef(function Nav() {});', 'var M = React3.memo(Routes);', 'use(React.useContext(Ctx));'].join('\n');
    expect(markPureCalls(source).split('\n')).toEqual([
      'var Ctx = /* @__PURE__ */ React.createContext(null);',
      '',
      'var Nav = /* @__PURE__ */ React10.forwardRef(function Nav() {});',
      'var M = /* @__PURE__ */ React3.memo(Routes);',
      'use(React.useContext(Ctx));',
    ]);
  });
});

describe('pureCallsPlugin', () => {
  it('leaves the data router’s links and forms out of what the app imports', async () => {
    const source = `${APP_IMPORTS}\nconsole.log(BrowserRouter, Link, Navigate, Route, Routes, useLocation, useNavigate);`;
    const options: esbuild.BuildOptions = { platform: 'browser', minify: true, write: true };
    const without = await readFile(await bundle('without', source, options));
    const withPlugin = await readFile(await bundle('with', source, { ...options, plugins: [pureCallsPlugin()] }));
    // NavLink alone sets aria-current; the data router's <Form> alone asks for a form action.
    expect(without.toString()).toContain('aria-current');
    expect(withPlugin.toString()).not.toContain('aria-current');
    expect(withPlugin.toString()).not.toContain('useFormAction');
    expect(gzipSync(without).length - gzipSync(withPlugin).length).toBeGreaterThan(2_000);
  });

  it('keeps routing as it was: the matching route renders, with its links', async () => {
    const source = `import { renderToString } from 'react-dom/server';
import { Link, Route, Routes, StaticRouter, useLocation } from 'react-router-dom';
function Here() { return <p>{useLocation().pathname}</p>; }
export const at = (url) => renderToString(
  <StaticRouter location={url}>
    <Routes>
      <Route path="/cancel/:route" element={<><Here /><Link to="/cancel">back</Link></>} />
    </Routes>
  </StaticRouter>,
);`;
    type Render = { at: (url: string) => string };
    const withPlugin = (await import(pathToFileURL(await bundle('routing', source, { platform: 'node', plugins: [pureCallsPlugin()] })).href)) as Render;
    const without = (await import(pathToFileURL(await bundle('routing-without', source, { platform: 'node' })).href)) as Render;
    expect(withPlugin.at('/cancel/seo')).toMatch(/^<p>\/cancel\/seo<\/p><a href="\/cancel"[^>]*>back<\/a>$/);
    // The router warns of a path no route matches; the warning is its, not the test's.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(withPlugin.at('/nowhere')).toBe('');
    for (const url of ['/cancel/seo', '/nowhere']) expect(withPlugin.at(url), url).toBe(without.at(url));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('No routes matched location "/nowhere"'));
    warn.mockRestore();
  });
});
