/**
 * The API reference page's look beyond Swagger UI's defaults: a title of our own, and colours
 * that give text the contrast WCAG AA asks for (Swagger UI's method badges and some greys fall
 * short), checked by axe-core in e2e/api-reference.spec.ts.
 */
const css = `
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.swagger-ui .info .title small.version-stamp { background-color: #1b5e20; }
.swagger-ui .info .title small pre { color: #fff; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0d47a1; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1b5e20; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b71c1c; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #00695c; }
`;

export const docsTheme = {
  title: 'API reference · Loyalty platform',
  css: [{ filename: 'theme.css', content: css }],
};
