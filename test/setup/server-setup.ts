import { failOnConsole } from './console-guard';

// The server logs through its logger (pino, silent under test), never through the console.
failOnConsole();
