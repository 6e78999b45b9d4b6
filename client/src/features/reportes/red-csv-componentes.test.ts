/** @jest-environment node */
import { MSG } from '@domain/messages';
import { indicadores } from '../../../../test/pdf/reporte-fixtures';
import { componentes, componentesSuprimidos } from '../../../../test/pdf/componentes-fixtures';
import { buildRedCsv } from './red-csv';

const generado = new Date('2026-04-02T15:00:00Z');
const lines = (csv: string) => csv.slice(1).replace(/\r\n$/, '').split('\r\n');

describe("the network's CSV: components per member", () => {
  it('lists each member’s components by type, then the network’s, "menos de 5" where not published', () => {
    const all = lines(
      buildRedCsv(
        {
          total: { ...indicadores, componentes: componentesSuprimidos },
          porServicio: [
            { servicio: { id: 'a', nombre: 'Hospital Norte' }, indicadores: { ...indicadores, componentes } },
            {
              servicio: { id: 'b', nombre: 'Hospital Sur' },
              indicadores: { ...indicadores, componentes: componentesSuprimidos },
            },
          ],
        },
        'Programa Provincial',
        generado,
      ),
    );
    expect(all).toContain(
      'Servicio;Componente;Producidos;Liberados;Despachados;A hospital o clínica;A otro servicio de la red;' +
        'A servicio de transfusión propio;Transfundidos;Devueltos;Descartados;Vencidos;Stock al final',
    );
    expect(all).toContain('Hospital Norte;Glóbulos rojos;1210;1150;1095;820;45;230;960;31;44;17;88');
    expect(all).toContain(
      `Hospital Sur;Glóbulos rojos;1210;1150;1095;820;45;230;960;31;44;${MSG.menosDeCinco};88`,
    );
    expect(all).toContain('Hospital Sur;Crioprecipitado;40;38;30;20;0;10;25;0;0;0;8');
    expect(all).toContain(
      `Total de la red;Glóbulos rojos;1210;1150;1095;820;45;230;960;31;44;${MSG.menosDeCinco};88`,
    );
  });
});
