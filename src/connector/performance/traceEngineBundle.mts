/** Entry of dist/traceEngine.js: DevTools' trace engine in a file of its own, so connector start never parses it. */
export * from '@paulirish/trace_engine';
