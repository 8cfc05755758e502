// A small app bundled as the product's app is (split into ES module chunks, with a metafile), for the
// tests of the build's plugins.
import * as esbuild from 'esbuild';

export interface SplitBuild {
  metafile: esbuild.Metafile;
  /** The output file (from the working directory) that holds the module named `module`, if any. */
  fileOf: (module: string) => string | undefined;
}

export async function splitBuild(entry: string, outdir: string, plugins: esbuild.Plugin[], options: esbuild.BuildOptions = {}): Promise<SplitBuild> {
  const { metafile } = await esbuild.build({ entryPoints: [entry], outdir, bundle: true, splitting: true, format: 'esm', logLevel: 'silent', plugins, ...options, metafile: true });
  const outputs = Object.entries(metafile.outputs);
  const fileOf = (module: string) => outputs.find(([, output]) => Object.keys(output.inputs).some((input) => input.endsWith(`/${module}`)))?.[0];
  return { metafile, fileOf };
}
