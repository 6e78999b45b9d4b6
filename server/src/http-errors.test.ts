import { errorAnswer } from './http-errors';

describe('errorAnswer', () => {
  it('answers 413, 400 and 404 with their Spanish messages', () => {
    expect(errorAnswer({ status: 413 })).toEqual({
      status: 413,
      body: { errors: [{ msg: 'La solicitud es demasiado grande' }] },
    });
    expect(errorAnswer(Object.assign(new Error('request aborted'), { status: 400 }))).toEqual({
      status: 400,
      body: { errors: [{ msg: 'Los datos enviados no son válidos' }] },
    });
    expect(errorAnswer({ status: 404 }).status).toBe(404);
  });

  it('answers anything else as 500 with an error id, never the error text', () => {
    const { status, body } = errorAnswer(new Error('secreto: SELECT * FROM usuario'));
    expect(status).toBe(500);
    expect(body.errors[0].msg).toMatch(/ \(código [0-9a-f-]{36}\)$/);
    expect(JSON.stringify(body)).not.toContain('secreto');
  });
});
