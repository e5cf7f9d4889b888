// A file's text, imported with Vite's `?raw` (tests/worker/privacy-coverage.test.ts reads the
// privacy page's Markdown this way: workerd has no file system).
declare module "*?raw" {
  const text: string;
  export default text;
}
