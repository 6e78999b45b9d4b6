import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Regional networks (modules/red): a provincial or regional blood programme that federates
 * servicios.
 *
 * - A network is an account like a servicio's (a `servicio` row with es_red, whose only user has
 *   ROL_RED and the same id): it signs in, changes its password and reads its members' figures,
 *   and every query scoped to its id finds no person. It hands out `codigo_invitacion`; a
 *   servicio's administrator joins with it (servicio.red_id) and may leave.
 * - servicios_de_red(s): the servicio and the other members of its network (itself alone outside
 *   one): the servicios whose records of one person (same canonical DNI) the donor-safety rules
 *   read together.
 * - The index of live donors by DNI (migration 1763830000000) serves the network's lookups, one
 *   index range per member.
 */
export class Red1763870000000 implements MigrationInterface {
  name = 'Red1763870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE usuario DROP CONSTRAINT usuario_rol_check`);
    await q.query(`
      ALTER TABLE usuario ADD CONSTRAINT usuario_rol_check
        CHECK (rol IN ('ROL_SERVICIO','ROL_MEDICO','ROL_TECNICO','ROL_ADMINISTRATIVO','ROL_RED'))`);
    await q.query(`
      ALTER TABLE servicio
        ADD es_red boolean NOT NULL DEFAULT false,
        ADD codigo_invitacion varchar(20),
        ADD red_id uuid REFERENCES servicio(id),
        ADD CONSTRAINT servicio_red_check CHECK (
          (es_red AND codigo_invitacion IS NOT NULL AND red_id IS NULL)
          OR (NOT es_red AND codigo_invitacion IS NULL)
        )`);
    await q.query(`CREATE UNIQUE INDEX servicio_codigo_invitacion_uq ON servicio (codigo_invitacion)`);
    await q.query(`CREATE INDEX servicio_red_idx ON servicio (red_id) WHERE red_id IS NOT NULL`);
    await q.query(`
      CREATE FUNCTION servicios_de_red(s uuid) RETURNS uuid[] LANGUAGE sql STABLE AS $$
        SELECT coalesce(
          (SELECT array_agg(m.id ORDER BY m.id) FROM servicio yo JOIN servicio m ON m.red_id = yo.red_id
            WHERE yo.id = s AND yo.red_id IS NOT NULL),
          ARRAY[s]
        )
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION servicios_de_red(uuid)`);
    await q.query(`DROP INDEX servicio_red_idx`);
    await q.query(`DROP INDEX servicio_codigo_invitacion_uq`);
    await q.query(`
      ALTER TABLE servicio DROP CONSTRAINT servicio_red_check, DROP red_id, DROP codigo_invitacion, DROP es_red`);
    await q.query(`DELETE FROM usuario WHERE rol = 'ROL_RED'`);
    await q.query(`ALTER TABLE usuario DROP CONSTRAINT usuario_rol_check`);
    await q.query(`
      ALTER TABLE usuario ADD CONSTRAINT usuario_rol_check
        CHECK (rol IN ('ROL_SERVICIO','ROL_MEDICO','ROL_TECNICO','ROL_ADMINISTRATIVO'))`);
  }
}
