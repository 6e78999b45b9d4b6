import { MSG } from '../../domain/messages';
import { registerServicio, startTestServer, TestServer } from '../../test-utils/harness';

const CHANGE = `mutation ($input: PasswordChangeInput!) { changePassword(input: $input) { message token } }`;
const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token } }`;
const CREATE = `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`;
const ME = `{ me { id } }`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('changePassword', () => {
  it('checks the spec rules with their texts', async () => {
    const s = await registerServicio(server, { password: 'vieja123' });
    const cases: [Record<string, string>, { field: string; msg: string }[]][] = [
      [
        { oldPassword: '123', newPassword: '12', newPassword2: '' },
        [
          { field: 'oldPassword', msg: 'La clave debe tener al menos 6 caracteres' },
          { field: 'newPassword', msg: 'La clave debe tener al menos 6 caracteres' },
          { field: 'newPassword2', msg: 'La clave debe tener al menos 6 caracteres' },
        ],
      ],
      [
        { oldPassword: 'vieja123', newPassword: 'nueva123', newPassword2: 'nueva124' },
        [{ field: 'newPassword2', msg: 'Las passwords no coinciden' }],
      ],
    ];
    for (const [input, errors] of cases) {
      const res = await server.gql(CHANGE, { input }, s.token);
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].extensions?.errors).toEqual(errors);
    }
    expect((await server.gql(ME, {}, s.token)).errors).toBeUndefined();
  });

  it('refuses a wrong old password and changes nothing', async () => {
    const s = await registerServicio(server, { password: 'vieja123' });
    const [before] = await server.dataSource.query(
      `SELECT password_hash, token_version FROM usuario WHERE id = $1`,
      [s.uid],
    );
    const res = await server.gql(
      CHANGE,
      { input: { oldPassword: 'otra-clave', newPassword: 'nueva123', newPassword2: 'nueva123' } },
      s.token,
    );
    expect(res.errors?.[0].extensions?.errors).toEqual([
      { field: 'oldPassword', msg: MSG.claveActualIncorrecta },
    ]);
    const [after] = await server.dataSource.query(
      `SELECT password_hash, token_version FROM usuario WHERE id = $1`,
      [s.uid],
    );
    expect(after).toEqual(before);
    expect((await server.gql(ME, {}, s.token)).errors).toBeUndefined();
  });

  it('needs a session', async () => {
    const res = await server.gql(CHANGE, {
      input: { oldPassword: 'vieja123', newPassword: 'nueva123', newPassword2: 'nueva123' },
    });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('changes it: status text, old token refused, new token works, new password signs in, audited', async () => {
    const s = await registerServicio(server, { username: 'cambia', password: 'vieja123' });
    const res = await server.gql<{ changePassword: { message: string; token: string } }>(
      CHANGE,
      { input: { oldPassword: 'vieja123', newPassword: 'nueva123', newPassword2: 'nueva123' } },
      s.token,
    );
    expect(res.errors).toBeUndefined();
    const { message, token } = res.data!.changePassword;
    expect(message).toBe(MSG.claveActualizada);
    expect((await server.gql(ME, {}, s.token)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await server.gql<{ me: { id: string } }>(ME, {}, token)).data?.me.id).toBe(s.uid);
    const oldLogin = await server.gql(LOGIN, { input: { username: 'cambia', password: 'vieja123' } });
    expect(oldLogin.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const newLogin = await server.gql(LOGIN, { input: { username: 'cambia', password: 'nueva123' } });
    expect(newLogin.errors).toBeUndefined();
    const audits = await server.dataSource.query(
      `SELECT accion, usuario_id, cambios FROM auditoria WHERE entidad = 'usuario' AND entidad_id = $1 ORDER BY id`,
      [s.uid],
    );
    expect(audits.at(-1)).toEqual({ accion: 'editar', usuario_id: s.uid, cambios: { clave: 'cambiada' } });
    expect(JSON.stringify(audits)).not.toMatch(/argon2|nueva123|vieja123/);
  });

  it('works for staff members too', async () => {
    const s = await registerServicio(server);
    const username = `medico_${Date.now()}`;
    await server.gql(
      CREATE,
      { input: { nombre: 'M', apellido: 'D', username, password: 'clave123', password2: 'clave123' } },
      s.token,
    );
    const login = await server.gql<{ login: { token: string } }>(LOGIN, {
      input: { username, password: 'clave123' },
    });
    const res = await server.gql<{ changePassword: { token: string } }>(
      CHANGE,
      { input: { oldPassword: 'clave123', newPassword: 'otra1234', newPassword2: 'otra1234' } },
      login.data!.login.token,
    );
    expect(res.errors).toBeUndefined();
    expect((await server.gql(ME, {}, res.data!.changePassword.token)).errors).toBeUndefined();
  });

  it('limits repeated wrong old passwords: after 5 failures the next attempt must wait', async () => {
    const s = await registerServicio(server, { password: 'vieja123' });
    for (let i = 0; i < 5; i += 1) {
      const res = await server.gql(
        CHANGE,
        { input: { oldPassword: `mala${i}xx`, newPassword: 'nueva123', newPassword2: 'nueva123' } },
        s.token,
      );
      expect(res.errors?.[0].extensions?.errors).toEqual([
        { field: 'oldPassword', msg: MSG.claveActualIncorrecta },
      ]);
    }
    const blocked = await server.gql(
      CHANGE,
      { input: { oldPassword: 'vieja123', newPassword: 'nueva123', newPassword2: 'nueva123' } },
      s.token,
    );
    expect(blocked.errors?.[0].extensions?.code).toBe('TOO_MANY_REQUESTS');
  });
});
