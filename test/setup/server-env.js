process.env.NODE_ENV = 'test';
process.env.TZ = 'America/Argentina/Buenos_Aires';
