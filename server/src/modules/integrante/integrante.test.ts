import { MSG } from '../../domain/messages';
import { registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';

const FIELDS = `id servicioId username rol nombre apellido matricula email telefono agentecph`;
const CREATE = `mutation ($input: IntegranteInput!) {
  createIntegrante(input: $input) { message integrante { ${FIELDS} } }
}`;
const UPDATE = `mutation ($id: ID!, $input: IntegranteUpdateInput!) {
  updateIntegrante(id: $id, input: $input) { message integrante { ${FIELDS} } }
}`;
const DELETE = `mutation ($id: ID!) { deleteIntegrante(id: $id) { message integrante { id } } }`;
const LIST = `{ integrantes { ${FIELDS} } }`;
const ONE = `query ($id: ID!) { integrante(id: $id) { ${FIELDS} } }`;
const AGENTES = `{ agentesCph { id nombre apellido } }`;
const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token usuario { id rol servicioId } } }`;
const ME = `{ me { id username rol servicio { id nombre } } }`;

type Integrante = {
  id: string;
  servicioId: string;
  username: string;
  rol: string;
  nombre: string;
  apellido: string | null;
};
type Payload = { integrante: Integrante; message: string };

let server: TestServer;
let admin: Session;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server, { nombre: 'Hemoterapia Hospital Garrahan' });
});
afterAll(() => server.close());

function nuevo(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    nombre: 'Ana',
    apellido: `Pérez ${counter}`,
    username: `ana${counter}_${Date.now()}`,
    password: 'clave123',
    password2: 'clave123',
    ...overrides,
  };
}

async function crear(session: Session, overrides: Record<string, unknown> = {}) {
  const input = nuevo(overrides);
  const res = await server.gql<{ createIntegrante: Payload }>(CREATE, { input }, session.token);
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return { ...res.data.createIntegrante.integrante, password: input.password };
}

async function login(username: string, password: string) {
  const res = await server.gql<{ login: { token: string; usuario: { id: string } } }>(LOGIN, {
    input: { username, password },
  });
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.login.token;
}

const rowOf = async (id: string) =>
  (await server.dataSource.query(`SELECT * FROM usuario WHERE id = $1`, [id]))[0];

const auditsOf = async (id: string) =>
  server.dataSource.query(
    `SELECT accion, entidad, usuario_id, servicio_id, cambios FROM auditoria
     WHERE entidad = 'usuario' AND entidad_id = $1 ORDER BY id`,
    [id],
  );

describe('create', () => {
  it('adds a member with the default role, message, row and audit (no password in it)', async () => {
    const input = nuevo({
      matricula: 'MN 1234',
      email: 'ana@hospital.test',
      telefono: '11-5555',
      agentecph: true,
    });
    const res = await server.gql<{ createIntegrante: Payload }>(CREATE, { input }, admin.token);
    expect(res.errors).toBeUndefined();
    const { integrante, message } = res.data!.createIntegrante;
    expect(message).toBe('Integrante agregado con exito');
    expect(integrante).toMatchObject({
      servicioId: admin.servicio,
      username: input.username,
      rol: 'ROL_MEDICO',
      nombre: 'Ana',
      apellido: input.apellido,
      matricula: 'MN 1234',
      email: 'ana@hospital.test',
      telefono: '11-5555',
      agentecph: true,
    });
    const row = await rowOf(integrante.id);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.servicio_id).toBe(admin.servicio);
    const audits = await auditsOf(integrante.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ accion: 'crear', usuario_id: admin.uid, servicio_id: admin.servicio });
    const cambios = JSON.stringify(audits[0].cambios);
    expect(cambios).not.toContain('argon2');
    expect(cambios).not.toContain('clave123');
    expect(cambios).not.toMatch(/password/i);
  });

  it('accepts each staff role and refuses ROL_SERVICIO', async () => {
    for (const rol of ['ROL_TECNICO', 'ROL_ADMINISTRATIVO']) {
      expect((await crear(admin, { rol })).rol).toBe(rol);
    }
    const res = await server.gql(CREATE, { input: nuevo({ rol: 'ROL_SERVICIO' }) }, admin.token);
    expect(res.errors?.[0].extensions?.errors).toEqual([{ field: 'rol', msg: MSG.valorNoPermitido }]);
  });

  it('validates with the spec texts and creates nothing', async () => {
    const before = (await server.dataSource.query(`SELECT count(*)::int AS n FROM usuario`))[0].n;
    const res = await server.gql(
      CREATE,
      {
        input: {
          nombre: ' ',
          apellido: '',
          username: '',
          password: '12345',
          password2: '123456',
          email: 'x@',
        },
      },
      admin.token,
    );
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].extensions?.errors).toEqual([
      { field: 'nombre', msg: 'Requerido' },
      { field: 'apellido', msg: 'Requerido' },
      { field: 'username', msg: 'Requerido' },
      { field: 'password', msg: 'La clave debe tener al menos 6 caracteres' },
      { field: 'password2', msg: 'Las passwords no coinciden' },
      { field: 'email', msg: 'No es un email válido' },
    ]);
    const empty = await server.gql(
      CREATE,
      { input: { nombre: 'A', apellido: 'B', username: 'u-vacia', password: '', password2: '' } },
      admin.token,
    );
    expect(empty.errors?.[0].extensions?.errors).toEqual([{ field: 'password', msg: 'Requerido' }]);
    const after = (await server.dataSource.query(`SELECT count(*)::int AS n FROM usuario`))[0].n;
    expect(after).toBe(before);
  });

  it('refuses a username taken anywhere in the installation, in any case', async () => {
    const otro = await registerServicio(server, { username: 'OcupadoEnOtroServicio' });
    void otro;
    const res = await server.gql(
      CREATE,
      { input: nuevo({ username: 'ocupadoenotroservicio' }) },
      admin.token,
    );
    expect(res.errors?.[0].extensions?.errors).toEqual([{ field: 'username', msg: MSG.usuarioExistente }]);
    const m = await crear(admin);
    const again = await server.gql(
      CREATE,
      { input: nuevo({ username: m.username.toUpperCase() }) },
      admin.token,
    );
    expect(again.errors?.[0].extensions?.errors).toEqual([{ field: 'username', msg: MSG.usuarioExistente }]);
  });
});

describe('a member', () => {
  it('signs in with their own username and works inside the servicio', async () => {
    const m = await crear(admin, { rol: 'ROL_TECNICO' });
    const token = await login(m.username, m.password);
    const me = await server.gql<{ me: { rol: string; servicio: { id: string; nombre: string } } }>(
      ME,
      {},
      token,
    );
    expect(me.data?.me).toMatchObject({
      rol: 'ROL_TECNICO',
      servicio: { id: admin.servicio, nombre: 'Hemoterapia Hospital Garrahan' },
    });
  });

  it('cannot manage staff (FORBIDDEN, nothing changed)', async () => {
    const m = await crear(admin);
    const victim = await crear(admin);
    const token = await login(m.username, m.password);
    const before = await rowOf(victim.id);
    const auditsBefore = (await auditsOf(victim.id)).length;
    const attempts: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [ONE, { id: victim.id }],
      [CREATE, { input: nuevo() }],
      [UPDATE, { id: victim.id, input: { nombre: 'Hack', apellido: 'Hack' } }],
      [DELETE, { id: victim.id }],
    ];
    for (const [query, variables] of attempts) {
      const res = await server.gql(query, variables, token);
      expect(res.data).toBeNull();
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect(await rowOf(victim.id)).toEqual(before);
    expect(await auditsOf(victim.id)).toHaveLength(auditsBefore);
  });

  it('of another servicio cannot be seen, edited or deleted', async () => {
    const otro = await registerServicio(server);
    const ajeno = await crear(otro);
    const before = await rowOf(ajeno.id);
    const list = await server.gql<{ integrantes: Integrante[] }>(LIST, {}, admin.token);
    expect(list.data!.integrantes.map((i) => i.id)).not.toContain(ajeno.id);
    for (const [query, variables] of [
      [ONE, { id: ajeno.id }],
      [UPDATE, { id: ajeno.id, input: { nombre: 'X', apellido: 'Y' } }],
      [DELETE, { id: ajeno.id }],
    ] as const) {
      const res = await server.gql(query, variables, admin.token);
      expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
    expect(await rowOf(ajeno.id)).toEqual(before);
    const mine = await server.gql<{ integrantes: Integrante[] }>(LIST, {}, otro.token);
    expect(mine.data!.integrantes.map((i) => i.id)).toEqual([ajeno.id]);
  });
});

describe('list', () => {
  it('lists live staff only, ordered by apellido and nombre, without the administrator', async () => {
    const s = await registerServicio(server);
    await crear(s, { nombre: 'Zoe', apellido: 'Alvarez' });
    await crear(s, { nombre: 'Ana', apellido: 'Alvarez' });
    const borrado = await crear(s, { nombre: 'Beto', apellido: 'Borrado' });
    await crear(s, { nombre: 'Carla', apellido: 'Castro' });
    await server.gql(DELETE, { id: borrado.id }, s.token);
    const res = await server.gql<{ integrantes: Integrante[] }>(LIST, {}, s.token);
    expect(res.data!.integrantes.map((i) => i.nombre)).toEqual(['Ana', 'Zoe', 'Carla']);
  });

  it('agentesCph: every role sees the flagged staff of its servicio', async () => {
    const s = await registerServicio(server);
    const agente = await crear(s, { nombre: 'Agente', apellido: 'Uno', agentecph: true });
    const tecnico = await crear(s, { rol: 'ROL_TECNICO' });
    const otro = await registerServicio(server);
    await crear(otro, { agentecph: true });
    const token = await login(tecnico.username, tecnico.password);
    const res = await server.gql<{ agentesCph: { id: string }[] }>(AGENTES, {}, token);
    expect(res.errors).toBeUndefined();
    expect(res.data!.agentesCph.map((a) => a.id)).toEqual([agente.id]);
  });
});

describe('edit', () => {
  it('changes the data (not username or password), message and audit diff', async () => {
    const m = await crear(admin, { matricula: 'MP 1' });
    const hashBefore = (await rowOf(m.id)).password_hash;
    const res = await server.gql<{ updateIntegrante: Payload }>(
      UPDATE,
      {
        id: m.id,
        input: {
          nombre: 'Ana María',
          apellido: 'Gómez',
          rol: 'ROL_ADMINISTRATIVO',
          agentecph: true,
          matricula: '',
        },
      },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateIntegrante.message).toBe('Integrante editado con exito');
    expect(res.data!.updateIntegrante.integrante).toMatchObject({
      id: m.id,
      username: m.username,
      nombre: 'Ana María',
      apellido: 'Gómez',
      rol: 'ROL_ADMINISTRATIVO',
      agentecph: true,
      matricula: null,
    });
    const row = await rowOf(m.id);
    expect(row.password_hash).toBe(hashBefore);
    const audits = await auditsOf(m.id);
    expect(audits.at(-1)).toMatchObject({
      accion: 'editar',
      usuario_id: admin.uid,
      cambios: { nombre: ['Ana', 'Ana María'], apellido: [m.apellido, 'Gómez'] },
    });
    expect(audits.at(-1).cambios.matricula).toEqual(['MP 1', null]);
  });

  it('has no username or password fields and requires only nombre and apellido', async () => {
    const m = await crear(admin);
    const extra = await server.gql(
      UPDATE,
      { id: m.id, input: { nombre: 'A', apellido: 'B', username: 'nuevo' } },
      admin.token,
    );
    expect(extra.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const res = await server.gql(UPDATE, { id: m.id, input: { nombre: '', apellido: ' ' } }, admin.token);
    expect(res.errors?.[0].extensions?.errors).toEqual([
      { field: 'nombre', msg: 'Requerido' },
      { field: 'apellido', msg: 'Requerido' },
    ]);
    const ok = await server.gql(UPDATE, { id: m.id, input: { nombre: 'A', apellido: 'B' } }, admin.token);
    expect(ok.errors).toBeUndefined();
  });
});

describe('delete', () => {
  it('soft-deletes: message, row kept, audit kept, token refused at once, cannot sign in', async () => {
    const m = await crear(admin);
    const token = await login(m.username, m.password);
    expect((await server.gql(ME, {}, token)).errors).toBeUndefined();
    const res = await server.gql<{ deleteIntegrante: Payload }>(DELETE, { id: m.id }, admin.token);
    expect(res.errors).toBeUndefined();
    expect(res.data!.deleteIntegrante).toEqual({
      message: 'Integrante eliminado con exito',
      integrante: { id: m.id },
    });
    const row = await rowOf(m.id);
    expect(row.deleted_at).not.toBeNull();
    expect(row.token_version).toBe(1);
    const me = await server.gql(ME, {}, token);
    expect(me.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const again = await server.gql(LOGIN, { input: { username: m.username, password: m.password } });
    expect(again.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await auditsOf(m.id)).map((a: { accion: string }) => a.accion)).toEqual(['crear', 'eliminar']);
    const gone = await server.gql(ONE, { id: m.id }, admin.token);
    expect(gone.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const twice = await server.gql(DELETE, { id: m.id }, admin.token);
    expect(twice.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('cannot delete or edit the administrator itself', async () => {
    for (const [query, variables] of [
      [DELETE, { id: admin.uid }],
      [UPDATE, { id: admin.uid, input: { nombre: 'X', apellido: 'Y' } }],
    ] as const) {
      const res = await server.gql(query, variables, admin.token);
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect((await rowOf(admin.uid)).deleted_at).toBeNull();
    expect((await server.gql(ME, {}, admin.token)).errors).toBeUndefined();
  });

  it('answers NOT_FOUND for a malformed id', async () => {
    const res = await server.gql(DELETE, { id: 'no-es-uuid' }, admin.token);
    expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('a new password set by the administrator', () => {
  const SET = `mutation ($id: ID!, $input: IntegrantePasswordInput!) {
    setIntegrantePassword(id: $id, input: $input) { message integrante { id username } }
  }`;
  const input = (newPassword: string, newPassword2 = newPassword) => ({ newPassword, newPassword2 });
  const stateOf = async (id: string) =>
    (
      await server.dataSource.query(`SELECT password_hash, token_version FROM usuario WHERE id = $1`, [id])
    )[0] as { password_hash: string; token_version: number };
  const loginCode = async (username: string, password: string) =>
    (await server.gql(LOGIN, { input: { username, password } })).errors?.[0].extensions?.code;

  it('GraphQL: the member signs in with the new password only, their old token is refused, audited without it', async () => {
    const m = await crear(admin, { rol: 'ROL_TECNICO' });
    const oldToken = await login(m.username, m.password);
    const before = await stateOf(m.id);
    const res = await server.gql<{ setIntegrantePassword: Payload }>(
      SET,
      { id: m.id, input: input('olvidada-nueva-1') },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.setIntegrantePassword).toEqual({
      message: MSG.claveIntegranteAsignada,
      integrante: { id: m.id, username: m.username },
    });
    const after = await stateOf(m.id);
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(after.token_version).toBe(before.token_version + 1);
    // The member's earlier token stops working at once; the administrator's keeps working.
    expect((await server.gql(ME, {}, oldToken)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await server.gql(ME, {}, admin.token)).errors).toBeUndefined();
    expect(await loginCode(m.username, m.password)).toBe('UNAUTHENTICATED');
    const fresh = await login(m.username, 'olvidada-nueva-1');
    expect((await server.gql<{ me: { id: string } }>(ME, {}, fresh)).data?.me.id).toBe(m.id);
    const audits = await auditsOf(m.id);
    expect(audits.at(-1)).toEqual({
      accion: 'clave',
      entidad: 'usuario',
      usuario_id: admin.uid,
      servicio_id: admin.servicio,
      cambios: { clave: 'asignada' },
    });
    expect(JSON.stringify(audits)).not.toMatch(/argon2|olvidada-nueva-1|clave123|password/i);
  });

  it('REST PUT /api/auth/integrante/:_id/password: the same, in the original shape', async () => {
    const m = await crear(admin);
    const oldToken = await login(m.username, m.password);
    const res = await server.rest<{ ok: boolean; msg: string; integrante: { _id: string } }>(
      'PUT',
      `/auth/integrante/${m.id}/password`,
      { uid: admin.servicio, newPassword: 'por-rest-123', newPassword2: 'por-rest-123' },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      msg: MSG.claveIntegranteAsignada,
      integrante: { _id: m.id, uid: m.id, username: m.username, servicio: admin.servicio },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|por-rest-123/);
    const me = await server.rest('GET', `/donante/search?dni=1`, undefined, oldToken);
    expect(me.status).toBe(401);
    expect(await loginCode(m.username, m.password)).toBe('UNAUTHENTICATED');
    expect(await loginCode(m.username, 'por-rest-123')).toBeUndefined();
    expect((await auditsOf(m.id)).at(-1)).toMatchObject({ accion: 'clave', cambios: { clave: 'asignada' } });
  });

  it('checks the password rules with the texts of every password change, and changes nothing', async () => {
    const m = await crear(admin);
    const before = await stateOf(m.id);
    const cases: [Record<string, string>, { field: string; msg: string }[]][] = [
      [
        input('12345', ''),
        [
          { field: 'newPassword', msg: 'La clave debe tener al menos 6 caracteres' },
          { field: 'newPassword2', msg: 'La clave debe tener al menos 6 caracteres' },
        ],
      ],
      [input('nueva123', 'nueva124'), [{ field: 'newPassword2', msg: 'Las passwords no coinciden' }]],
    ];
    for (const [given, errors] of cases) {
      const res = await server.gql(SET, { id: m.id, input: given }, admin.token);
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].extensions?.errors).toEqual(errors);
      const rest = await server.rest(
        'PUT',
        `/auth/integrante/${m.id}/password`,
        { ...given, uid: admin.servicio },
        admin.token,
      );
      expect(rest).toEqual({
        status: 400,
        body: { errors: errors.map(({ field, msg }) => ({ msg, param: field })) },
      });
    }
    // A client that sends no repeat has it copied, as POST /api/auth/password does.
    const short = await server.rest(
      'PUT',
      `/auth/integrante/${m.id}/password`,
      { newPassword: '123' },
      admin.token,
    );
    expect(short.body).toEqual({
      errors: [{ msg: 'La clave debe tener al menos 6 caracteres', param: 'newPassword' }],
    });
    expect(await stateOf(m.id)).toEqual(before);
    expect(await auditsOf(m.id)).toHaveLength(1);
    expect(await loginCode(m.username, m.password)).toBeUndefined();
  });

  it('only ROL_SERVICIO: staff get FORBIDDEN / 403 and nothing changes', async () => {
    const staff = await crear(admin, { rol: 'ROL_MEDICO' });
    const victim = await crear(admin);
    const token = await login(staff.username, staff.password);
    const before = await stateOf(victim.id);
    for (const id of [victim.id, staff.id]) {
      const res = await server.gql(SET, { id, input: input('robada-123') }, token);
      expect(res.data).toBeNull();
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const rest = await server.rest('PUT', `/auth/integrante/${id}/password`, input('robada-123'), token);
      expect(rest.status).toBe(403);
    }
    const anon = await server.rest('PUT', `/auth/integrante/${victim.id}/password`, input('robada-123'));
    expect(anon.status).toBe(401);
    expect(await stateOf(victim.id)).toEqual(before);
    expect(await auditsOf(victim.id)).toHaveLength(1);
    expect(await loginCode(victim.username, victim.password)).toBeUndefined();
  });

  it("another servicio's member, the administrator itself, a deleted member or a bad id: refused, nothing changes", async () => {
    const otro = await registerServicio(server);
    const ajeno = await crear(otro);
    const borrado = await crear(admin);
    await server.gql(DELETE, { id: borrado.id }, admin.token);
    const [ajenoBefore, adminBefore] = [await stateOf(ajeno.id), await stateOf(admin.uid)];
    const cases: [string, string, number][] = [
      [ajeno.id, 'NOT_FOUND', 404],
      [borrado.id, 'NOT_FOUND', 404],
      ['no-es-uuid', 'NOT_FOUND', 404],
      [admin.uid, 'FORBIDDEN', 403],
    ];
    for (const [id, code, status] of cases) {
      const res = await server.gql(SET, { id, input: input('ajena-1234') }, admin.token);
      expect({ id, code: res.errors?.[0].extensions?.code }).toEqual({ id, code });
      const rest = await server.rest(
        'PUT',
        `/auth/integrante/${id}/password`,
        input('ajena-1234'),
        admin.token,
      );
      expect({ id, status: rest.status }).toEqual({ id, status });
    }
    // The body naming another servicio is refused as well.
    const m = await crear(admin);
    const other = await server.rest(
      'PUT',
      `/auth/integrante/${m.id}/password`,
      { ...input('ajena-1234'), uid: otro.servicio },
      admin.token,
    );
    expect(other.status).toBe(403);
    expect(await stateOf(ajeno.id)).toEqual(ajenoBefore);
    expect(await stateOf(admin.uid)).toEqual(adminBefore);
    expect(await auditsOf(ajeno.id)).toHaveLength(1);
    expect(await loginCode(ajeno.username, ajeno.password)).toBeUndefined();
    expect((await server.gql(ME, {}, admin.token)).errors).toBeUndefined();
  });
});
