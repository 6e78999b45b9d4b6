import type DataLoader from 'dataloader';
import { deUnServicio, type LoaderSource } from '../../loaders';
import { sinRealizar } from '../../domain/resultados';
import { Resultado } from './resultado.entity';
import { panelDe, resultadosDeDonaciones } from './donacion.resultados';

/** The donation's per-request loaders (services.ts puts every module's together). */
export const donacionLoaders = {
  /**
   * The results of a page of donations by `servicioId/donacionId`, one per marker of the
   * servicio's panel (and any other marker recorded), 'NO_REALIZADO' where none was recorded.
   */
  resultadosDonacion: (r: LoaderSource): DataLoader<string, Resultado[]> =>
    deUnServicio(async (servicio, ids) => {
      const [porDonacion, panel] = await Promise.all([
        resultadosDeDonaciones(r.query, servicio, ids),
        panelDe(r.query, servicio),
      ]);
      const out = new Map<string, Resultado[]>();
      for (const id of ids) {
        const hechos = porDonacion.get(id) ?? [];
        const marcadores = [...new Set([...panel, ...hechos.map((h) => h.marcador)])];
        out.set(
          id,
          marcadores.map((m) =>
            Object.assign(new Resultado(), { servicioId: servicio, donacionId: id }, sinRealizar(m), {
              tecnica: null,
              fecha: null,
              registradoPor: null,
              repeticion1: null,
              repeticion2: null,
              repeticionTecnica: null,
              repeticionFecha: null,
              repeticionPor: null,
              confirmatorioResultado: null,
              confirmatorioTecnica: null,
              confirmatorioFecha: null,
              confirmatorioLaboratorio: null,
              confirmatorioPor: null,
              ...hechos.find((h) => h.marcador === m),
            }),
          ),
        );
      }
      return out;
    }, []),
};
