// Stands in for a client module left out of the browser build (see code-blocks.ts).
export {};
