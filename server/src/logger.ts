import pino, { type DestinationStream } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

/**
 * How log lines are written: LOG_FORMAT when set ('json' or 'pretty'); otherwise readable
 * lines for a person at a terminal and JSON for everything else (files, journald, collectors).
 */
export function logFormat(env: NodeJS.ProcessEnv, isTerminal: boolean): LogFormat {
  const asked = env.LOG_FORMAT?.trim().toLowerCase();
  if (asked === 'json' || asked === 'pretty') return asked;
  return isTerminal ? 'pretty' : 'json';
}

function destination(): DestinationStream | undefined {
  if (logFormat(process.env, Boolean(process.stdout.isTTY)) !== 'pretty') return undefined;
  // Synchronous, in this process: a line is on the screen before the next one is logged.
  return pretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:dd/mm/yyyy HH:MM:ss',
    ignore: 'pid,hostname,app',
    sync: true,
  });
}

export const logger = pino(
  {
    level: process.env.LOG_LEVEL?.toLowerCase() || (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
    base: { app: 'hemoterapia' },
    redact: {
      paths: ['password', '*.password', 'req.headers.authorization', '*.token', 'token'],
      censor: '[oculto]',
    },
  },
  destination(),
);
