import pino from 'pino';

export const logger = pino({
  level: process.env.LOG_LEVEL?.toLowerCase() || (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: { app: 'hemoterapia' },
  redact: {
    paths: ['password', '*.password', 'req.headers.authorization', '*.token', 'token'],
    censor: '[oculto]',
  },
});
