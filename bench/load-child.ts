/** Child process of bundle.ts: import one bundle and print how long it took, as JSON. */
import { pathToFileURL } from 'node:url';

const file = process.argv[2];
if (!file) throw new Error('usage: load-child.ts <bundle.mjs>');
const start = performance.now();
const module = (await import(pathToFileURL(file).href)) as { handler?: unknown };
const loadMs = performance.now() - start;
if (typeof module.handler !== 'function') throw new Error(`${file} exports no handler function`);
console.log(JSON.stringify({ loadMs, rssMb: process.memoryUsage().rss / 2 ** 20 }));
process.exit(0);
