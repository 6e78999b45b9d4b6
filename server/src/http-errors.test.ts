import { MSG } from './domain/messages';
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

  it("answers body-parser's 415s by what it could not read: the encoding or the charset", () => {
    const encoding = Object.assign(new Error('unsupported content encoding "br2"'), {
      status: 415,
      type: 'encoding.unsupported',
    });
    expect(errorAnswer(encoding)).toEqual({
      status: 415,
      body: { errors: [{ msg: MSG.codificacionNoAdmitida }] },
    });
    const charset = Object.assign(new Error('unsupported charset "LATIN1"'), {
      status: 415,
      type: 'charset.unsupported',
    });
    expect(errorAnswer(charset)).toEqual({
      status: 415,
      body: { errors: [{ msg: MSG.tipoContenidoNoAdmitido }] },
    });
  });

  it("answers a static file's 416 with the file size and its 403 (a path outside the folder)", () => {
    const range = Object.assign(new Error('Range Not Satisfiable'), {
      status: 416,
      headers: { 'Content-Range': 'bytes */1234' },
    });
    expect(errorAnswer(range)).toEqual({
      status: 416,
      body: { errors: [{ msg: MSG.rangoNoSatisfacible }] },
      headers: { 'Content-Range': 'bytes */1234' },
    });
    expect(errorAnswer({ statusCode: 403 })).toEqual({
      status: 403,
      body: { errors: [{ msg: MSG.rutaNoPermitida }] },
    });
  });

  it('answers every other 4xx with its own status and a Spanish message', () => {
    for (const status of [401, 405, 408, 411, 412, 418, 422, 429, 431, 499]) {
      const answer = errorAnswer(Object.assign(new Error('x'), { status, expose: true }));
      expect(answer.status).toBe(status);
      expect(answer.body.errors[0].msg).not.toContain(MSG.errorInesperado);
    }
    expect(errorAnswer({ status: 412 }).body.errors[0].msg).toBe(MSG.solicitudNoValida);
  });

  it('answers anything else as 500 with an error id, never the error text', () => {
    for (const err of [
      new Error('secreto: SELECT * FROM usuario'),
      Object.assign(new Error('secreto'), { status: 503 }),
      Object.assign(new Error('secreto'), { status: 'mal' }),
      Object.assign(new Error('secreto'), { status: 399 }),
      'secreto',
      null,
    ]) {
      const { status, body } = errorAnswer(err);
      expect(status).toBe(500);
      expect(body.errors[0].msg).toMatch(/ \(código [0-9a-f-]{36}\)$/);
      expect(JSON.stringify(body)).not.toContain('secreto');
    }
  });
});
