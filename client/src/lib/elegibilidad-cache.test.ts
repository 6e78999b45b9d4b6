import { gql, InMemoryCache } from '@apollo/client';
import { invalidarElegibilidad, invalidarRegistros } from './elegibilidad-cache';

const DONANTE = gql`
  query Donante($id: ID!) {
    donante(id: $id) {
      id
      nombre
      puedeDonar
      proximaDonacion
      levantamientos {
        id
        motivo
      }
    }
  }
`;
const DONACIONES = gql`
  query Donaciones {
    donaciones {
      total
      items {
        id
        numero
        diferimiento {
          tipo
        }
      }
    }
    pendientesDecision {
      total
    }
  }
`;

function cacheConDatos(): InMemoryCache {
  const cache = new InMemoryCache();
  for (const id of ['d1', 'd2']) {
    cache.writeQuery({
      query: DONANTE,
      variables: { id },
      data: {
        donante: {
          __typename: 'Donante',
          id,
          nombre: id,
          puedeDonar: false,
          proximaDonacion: null,
          levantamientos: [{ __typename: 'Levantamiento', id: `l-${id}`, motivo: 'Decisión' }],
        },
      },
    });
  }
  cache.writeQuery({
    query: DONACIONES,
    data: {
      donaciones: {
        __typename: 'DonacionPage',
        total: 2,
        items: ['x1', 'x2'].map((id, i) => ({
          __typename: 'Donacion',
          id,
          numero: i + 1,
          diferimiento: { __typename: 'Diferimiento', tipo: 'Pendiente' },
        })),
      },
      pendientesDecision: { __typename: 'PendientesPage', total: 2 },
    },
  });
  return cache;
}

const donante = (cache: InMemoryCache, id: string) =>
  cache.extract()[`Donante:${id}`] as Record<string, unknown> | undefined;
const donacion = (cache: InMemoryCache, id: string) =>
  cache.extract()[`Donacion:${id}`] as Record<string, unknown> | undefined;

describe('invalidarElegibilidad', () => {
  it("drops every donor's eligibility and lifts but the fresh one's eligibility, the named donations' deferral and the queue", () => {
    const cache = cacheConDatos();
    invalidarElegibilidad(cache, { donante: 'd1', donaciones: ['x1'] });
    // The lift answered with d1's eligibility: kept; d2 is another record of the person, maybe.
    expect(donante(cache, 'd1')).toMatchObject({ puedeDonar: false, proximaDonacion: null });
    expect(donante(cache, 'd1')).not.toHaveProperty('levantamientos');
    expect(donante(cache, 'd2')).toEqual({ __typename: 'Donante', id: 'd2', nombre: 'd2' });
    // A donation's deferral rests on its own result and lifts: only the lifted one is read again.
    expect(donacion(cache, 'x1')).not.toHaveProperty('diferimiento');
    expect(donacion(cache, 'x2')).toHaveProperty('diferimiento');
    // Lists that lost a field read as incomplete: Apollo asks the server again for those on screen.
    expect(cache.readQuery({ query: DONACIONES })).toBeNull();
    expect(cache.extract().ROOT_QUERY).not.toHaveProperty('pendientesDecision');
  });

  it('invalidarRegistros also drops the lists of donors and donations (a merge, a restore)', () => {
    const cache = cacheConDatos();
    invalidarRegistros(cache);
    const root = cache.extract().ROOT_QUERY as Record<string, unknown>;
    expect(Object.keys(root).filter((k) => k.startsWith('donaciones'))).toEqual([]);
    expect(donante(cache, 'd1')).not.toHaveProperty('puedeDonar');
  });
});
