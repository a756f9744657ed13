// node-polyglot (react-admin's translations) requires the `object.entries` polyfill, which brings
// about 15 KB of es-abstract helpers into the first load; every browser the app supports has
// Object.entries, so the bundle resolves the package to the native function (vite.config.ts).
module.exports = Object.entries;
