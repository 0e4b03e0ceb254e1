/* global window, SwaggerUIBundle */
// Starts the API reference (swagger-ui-dist). A file of its own, not a script in the page: the page
// runs under a Content-Security-Policy with no 'unsafe-inline'.
window.addEventListener('load', () => {
  SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    // No badge from validator.swagger.io: the page loads nothing from another origin.
    validatorUrl: null,
  });
});
