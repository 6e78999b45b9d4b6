/** Pure texts of the dispatch note (no @react-pdf import): the screen and the PDF share them. */
import { formatDateTime } from '@domain/dates';
import type { DespachoDatosFragment } from '@/generated/graphql';
import type { RemitoData } from './pdf/types';

/** 'remito-<first 8 characters of the dispatch id>.pdf'. */
export const remitoFileName = (id: string) =>
  `remito-${id.replace(/[^A-Za-z0-9]/g, '').slice(0, 8) || 'despacho'}.pdf`;

/** The dispatch's number as the note and the list show it: the first 8 characters of its id. */
export const numeroDespacho = (id: string) =>
  id
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();

/** 'DD/MM/YYYY HH:MM' in Argentina. */
export const fechaHora = (iso: string) => formatDateTime(iso);

/** The note's data from a dispatch as the server answers it, and the servicio that printed it. */
export function toRemito(d: DespachoDatosFragment, servicio: RemitoData['servicio']): RemitoData {
  return {
    id: d.id,
    despachadoEn: d.despachadoEn,
    despachadoPor: d.despachadoPor,
    destinoTipo: d.destinoTipo,
    destinoNombre: d.destinoNombre,
    destinoReferencia: d.destinoReferencia ?? null,
    unidades: d.unidades.map(({ unidad: u }) => ({
      codigo: u.codigo,
      tipo: u.tipo,
      abo: u.abo,
      rh: u.rh,
      volumen: u.volumen,
      venceEn: u.venceEn,
    })),
    servicio,
  };
}
