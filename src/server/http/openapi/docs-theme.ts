/**
 * The API reference page's look beyond Swagger UI's defaults: a title of our own, colours that
 * give text the contrast WCAG AA asks for (Swagger UI's badges, links, greys and code colours fall
 * short), and a small script for what CSS cannot fix: the servers select gets a name, and code
 * samples that scroll can be reached by keyboard. Checked by axe-core in e2e/api-reference.spec.ts.
 */
const css = `
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.swagger-ui .info .title small { background-color: #3b4151; }
.swagger-ui .info .title small.version-stamp { background-color: #1b5e20; }
.swagger-ui .info a, .swagger-ui .info .url, .swagger-ui .info .link { color: #1a4f9c; }
.swagger-ui .btn.authorize { color: #1b5e20; border-color: #1b5e20; }
.swagger-ui .btn.authorize svg { fill: #1b5e20; }
.swagger-ui .parameter__in, .swagger-ui .prop-format, .swagger-ui .parameter__deprecated { color: #4a4a4a; }
.swagger-ui .opblock .opblock-summary-method { min-width: 72px; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0d47a1; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1b5e20; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b71c1c; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #00695c; }
.swagger-ui .microlight span { color: #f5f5f5 !important; }
.swagger-ui .highlight-code pre, .swagger-ui .microlight { white-space: pre-wrap !important; word-break: break-word; }
.swagger-ui .opblock-summary-path, .swagger-ui .opblock-summary-path span { word-break: break-all; }
/* The document declares no response links: the column would only say "No links". */
.swagger-ui .response-col_links { display: none; }
.swagger-ui .schemes-server-container, .swagger-ui .servers, .swagger-ui .servers > label { min-width: 0; max-width: 100%; }
.swagger-ui .servers > label { margin-right: 0; }
.swagger-ui .servers > label select { width: 100%; min-width: 0; max-width: 100%; }
.swagger-ui .scheme-container .schemes { flex-wrap: wrap; gap: 8px; }
@media (max-width: 600px) {
  .swagger-ui .wrapper { padding: 0 8px; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-description { flex-basis: 100%; padding: 4px 0 0; }
  .swagger-ui table { table-layout: fixed; width: 100%; }
  .swagger-ui .parameters-col_name { width: 35%; }
  .swagger-ui .parameter__name { overflow-wrap: anywhere; }
  .swagger-ui .response-col_status { width: 20%; }
}
`;

/** Names the servers select, and lets the keyboard reach code samples that scroll. */
const js = `
(function () {
  function fix() {
    var servers = document.getElementById('servers');
    if (servers && !servers.getAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
    document.querySelectorAll('.swagger-ui pre:not([tabindex])').forEach(function (pre) {
      if (pre.scrollWidth > pre.clientWidth || pre.scrollHeight > pre.clientHeight) pre.setAttribute('tabindex', '0');
    });
  }
  new MutationObserver(fix).observe(document.documentElement, { childList: true, subtree: true });
  fix();
})();
`;

export const docsTheme = {
  title: 'API reference · Loyalty platform',
  css: [{ filename: 'theme.css', content: css }],
  js: [{ filename: 'theme.js', content: js }],
};
