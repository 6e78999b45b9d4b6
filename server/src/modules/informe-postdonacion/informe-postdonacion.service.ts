import { DataSource } from 'typeorm';
import type { AuthUser } from '../../auth/context';
import {
  INFORMANTE_POSTDONACION_LABELS,
  type InformantePostdonacion as Informante,
  type InformePostdonacionData,
  registraInforme,
  validateInformePostdonacion,
} from '../../domain/citacion';
import { type EstadoComponente, siguienteEstado } from '../../domain/componentes';
import { formatDate, todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import { isUuid } from '../../domain/validation';
import { assertValid, ForbiddenError, NotFoundError } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import { auditStatement } from '../auditoria/audit';
import { lockPersona } from '../persona/persona.service';
import { abrirTrazabilidad } from '../trazabilidad/trazabilidad.service';
import { type InformantePostdonacion, InformePostdonacion } from './informe-postdonacion.entity';

type InformeFila = {
  id: string;
  servicio_id: string;
  donacion_id: string;
  informante: InformantePostdonacion;
  fecha: string;
  descripcion: string;
  componentes_bloqueados: number;
  registrado_por: string | null;
  created_at: Date;
};

const COLUMNAS = `id, servicio_id, donacion_id, informante, fecha::text AS fecha, descripcion, componentes_bloqueados,
  registrado_por, created_at`;

const deFila = (f: InformeFila): InformePostdonacion =>
  Object.assign(new InformePostdonacion(), {
    id: f.id,
    servicioId: f.servicio_id,
    donacionId: f.donacion_id,
    informante: f.informante,
    fecha: f.fecha,
    descripcion: f.descripcion,
    componentesBloqueados: f.componentes_bloqueados,
    registradoPorId: f.registrado_por,
    creadoEn: f.created_at,
  });

/**
 * What `rol` sees of a report, the one function both APIs answer through: its text only a
 * doctor's and the administrator's (who record it); the others see that there is one and what
 * it blocked.
 */
export const vistaInforme = (i: InformePostdonacion, rol: string | null | undefined): InformePostdonacion =>
  registraInforme(rol) ? i : Object.assign(new InformePostdonacion(), { ...i, descripcion: null });

/** Post-donation information: recorded on a donation, blocking its units not yet dispatched. */
export class InformePostdonacionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly query: RunQuery,
  ) {}

  /** The reports of donations `ids` of `servicio`, oldest first (whole: see vistaInforme). */
  async deDonaciones(servicio: string, ids: readonly string[]): Promise<Map<string, InformePostdonacion[]>> {
    const out = new Map<string, InformePostdonacion[]>(ids.map((id) => [id, []]));
    const filas = (await this.query(
      `SELECT ${COLUMNAS} FROM informe_postdonacion WHERE servicio_id = $1 AND donacion_id = ANY($2::uuid[])
        ORDER BY created_at, id`,
      [servicio, ids],
    )) as InformeFila[];
    for (const f of filas) out.get(f.donacion_id)?.push(deFila(f));
    return out;
  }

  /**
   * Records what a donor or a doctor reported after the donation (a doctor or the administrator
   * records it): under the person's and the donation's locks (the order recording a result
   * takes), every unit of the donation that is neither dispatched nor discarded is discarded with
   * the reason 'Informe post-donación' through siguienteEstado, each audited; then the look-back
   * opens (abrirTrazabilidad).
   */
  async registrar(
    auth: AuthUser,
    donacionId: string,
    data: InformePostdonacionData,
  ): Promise<InformePostdonacion> {
    if (!registraInforme(auth.rol)) throw new ForbiddenError(MSG.soloMedicoInforme);
    if (!isUuid(donacionId)) throw new NotFoundError();
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const [d0] = await run(
        `SELECT donante_id FROM donacion WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL`,
        [donacionId, auth.servicio],
      );
      if (!d0) throw new NotFoundError();
      const donanteId = String(d0.donante_id);
      if (!(await lockPersona(run, donanteId, auth.servicio))) {
        await run(`SELECT id FROM donante WHERE id = $1 FOR UPDATE`, [donanteId]);
      }
      const [d] = await run(
        `SELECT fecha::text AS fecha FROM donacion WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [donacionId],
      );
      if (!d) throw new NotFoundError();
      assertValid(validateInformePostdonacion(data, String(d.fecha), todayIso()));
      const informante = data.informante as Informante;
      const fecha = String(data.fecha);
      const [informe] = (await run(
        `INSERT INTO informe_postdonacion (servicio_id, donacion_id, informante, fecha, descripcion, registrado_por)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [auth.servicio, donacionId, informante, fecha, String(data.descripcion).trim(), auth.uid],
      )) as { id: string }[];

      const detalle = MSG.informePostdonacionDetalle(
        INFORMANTE_POSTDONACION_LABELS[informante],
        formatDate(fecha),
      );
      const unidades = (await run(
        `SELECT id, estado, codigo FROM componente WHERE donacion_id = $1 AND servicio_id = $2 ORDER BY id FOR UPDATE`,
        [donacionId, auth.servicio],
      )) as { id: string; estado: EstadoComponente; codigo: string }[];
      let bloqueados = 0;
      for (const c of unidades) {
        if (c.estado === 'DESPACHADO' || c.estado === 'DESCARTADO') continue;
        const paso = siguienteEstado(
          c,
          { tipo: 'descartar', motivo: 'INFORME_POSTDONACION', detalle },
          { rol: auth.rol },
        );
        if (!paso.ok || !paso.cambia) continue;
        await run(
          `UPDATE componente SET estado = $2, motivo_descarte = $3, detalle_descarte = $4, descartado_por = $5,
                  descartado_en = now(), updated_at = now()
            WHERE id = $1`,
          [c.id, paso.estado, paso.motivo, paso.detalle ?? null, auth.uid],
        );
        const entry = auditStatement(auth, 'editar', 'componente', c.id, {
          codigo: c.codigo,
          estado: [c.estado, paso.estado],
          motivoDescarte: [null, paso.motivo],
        });
        await run(entry.sql, entry.params);
        bloqueados += 1;
      }
      await run(`UPDATE informe_postdonacion SET componentes_bloqueados = $2 WHERE id = $1`, [
        informe.id,
        bloqueados,
      ]);
      const entry = auditStatement(auth, 'crear', 'informe_postdonacion', informe.id, {
        donacionId,
        informante,
        fecha,
        componentesBloqueados: bloqueados,
      });
      await run(entry.sql, entry.params);
      await abrirTrazabilidad(run, auth, donacionId, 'INFORME_POSTDONACION');
      const [fila] = (await run(`SELECT ${COLUMNAS} FROM informe_postdonacion WHERE id = $1`, [
        informe.id,
      ])) as InformeFila[];
      return vistaInforme(deFila(fila), auth.rol);
    });
  }
}
