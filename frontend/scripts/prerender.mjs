// After `vite build` and `vite build --ssr src/prerender.tsx --outDir dist-ssr`: writes every public page
// to dist/<path>/index.html (content, title and meta description inside the SPA's index.html), so the
// server answers search engines and first visits with the page itself; the browser then hydrates it.
// The pages that show data (prices, coins, plans, the catalogue) are rendered with the answers in
// site-data.json (`cairn site data --out site-data.json`, run by `make frontend`), which their HTML
// carries for the browser's first render; without that file they are rendered without data, and no
// /price/{slug} page is written.
// `node scripts/prerender.mjs [dist] [dist-ssr] [site-data.json]` names other files (a private build).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, process.argv[2] ?? 'dist');
const ssr = resolve(root, process.argv[3] ?? 'dist-ssr');
const dataFile = resolve(root, process.argv[4] ?? 'site-data.json');

const escape = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function replaceOnce(html, pattern, replacement) {
  if (!pattern.test(html)) throw new Error(`index.html lacks ${pattern}`);
  return html.replace(pattern, () => replacement);
}

const { prerenderedPages, renderPage, fullTitle } = await import(pathToFileURL(join(ssr, 'prerender.js')).href);
const template = await readFile(join(dist, 'index.html'), 'utf8');
const data = existsSync(dataFile) ? JSON.parse(await readFile(dataFile, 'utf8')) : {};
const pages = prerenderedPages(data);
for (const page of pages) {
  let html = replaceOnce(template, /<title>[^<]*<\/title>/, `<title>${escape(fullTitle(page.title))}</title>`);
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${escape(page.description)}" />`,
  );
  if (page.redirect) {
    html = replaceOnce(
      html,
      /<\/title>/,
      `</title>\n    <meta http-equiv="refresh" content="0; url=${escape(page.redirect)}" />`,
    );
  }
  const rendered = await renderPage(page.path, data[page.path]);
  html = replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${rendered.html}</div>${rendered.script}`);
  const target = join(dist, page.path, 'index.html');
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, html);
}
await rm(ssr, { recursive: true, force: true, maxRetries: 5 });
const withData = pages.filter((page) => data[page.path]).length;
console.log(`prerendered ${pages.length} public pages, ${withData} of them with data`);
