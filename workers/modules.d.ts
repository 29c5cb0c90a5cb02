// What wrangler's module rules (wrangler.toml) and the test pool hand the Worker for these imports.
declare module "*.wasm" {
  const compiled: WebAssembly.Module;
  export default compiled;
}
declare module "*.ttf" {
  const data: ArrayBuffer;
  export default data;
}
