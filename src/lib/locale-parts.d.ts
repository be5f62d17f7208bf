/** pt_BR's two parts, served by scripts/vite-split-texts.ts (src/lib/first-page-texts.ts). */
declare module '*/pt_BR.json?first' {
  const texts: import('./first-page-texts').Texts;
  export default texts;
}
declare module '*/pt_BR.json?later' {
  const texts: import('./first-page-texts').Texts;
  export default texts;
}
