/** Sample answers and the setup shared by the options' tests. */
import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import type { ComponentType } from 'react';
import { toaster } from '@/components/toast';
import {
  OpcionesComponentesDocument,
  OpcionesStockDocument,
  UmbralesTamizajeDocument,
} from '@/generated/graphql';
import type { Rol } from '@/generated/graphql';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import type { MockedResponses } from '@/test-utils';

/**
 * An options card of /opciones/generales as a role sees it: the administrator (ROL_SERVICIO)
 * edits it, any other role reads it.
 */
export function renderTarjeta(
  Tarjeta: ComponentType<{ editable: boolean }>,
  rol: Rol,
  mocks: MockedResponses,
): void {
  signIn(testUsuario({ rol }));
  renderWithProviders(createElement(Tarjeta, { editable: rol === 'ROL_SERVICIO' }), { mocks });
}

/** Types a value in a form's field (clearing it first) and leaves the field. */
export async function escribir(form: HTMLElement, label: RegExp, text: string): Promise<void> {
  const input = within(form).getByLabelText(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
  await userEvent.tab();
}

/** After each test: no toast left on the screen, nobody signed in. */
export function limpiar(): void {
  act(() => {
    toaster.remove();
  });
  localStorage.clear();
}

export const FUENTE_GR =
  'Concentrado de glóbulos rojos en solución aditiva SAG-M: 42 días (normas técnicas y proveedores de bolsas)';

/** OpcionesComponentes: the facility code the installation assigned, and the four shelf lives. */
export function opcionesComponentesMock(servicioId: string, codigoInstalacion = '90001') {
  const vida = (tipo: string, dias: number, minimo: number, maximo: number, fuente: string) => ({
    __typename: 'VidaUtilComponente' as const,
    tipo,
    dias,
    minimo,
    maximo,
    predeterminado: dias,
    fuente,
  });
  return {
    request: { query: OpcionesComponentesDocument },
    result: {
      data: {
        servicio: { __typename: 'Servicio' as const, id: servicioId, codigoInstalacion },
        vidaUtilComponentes: [
          vida('GLOBULOS_ROJOS', 42, 1, 49, FUENTE_GR),
          vida('PLASMA_FRESCO_CONGELADO', 365, 1, 730, 'Plasma fresco congelado a -18 °C o menos: 365 días'),
          vida('PLAQUETAS', 5, 1, 7, 'Concentrado de plaquetas a 20-24 °C en agitación: 5 días'),
          vida('CRIOPRECIPITADO', 365, 1, 730, 'Crioprecipitado a -18 °C o menos: 365 días'),
        ],
      },
    },
    maxUsageCount: 3,
  };
}

/** OpcionesStock: the default warning days of each type and the 12-month look-back window. */
export function opcionesStockMock(ventana = 12) {
  const aviso = (tipo: string, dias: number) => ({
    __typename: 'AvisoVencimiento' as const,
    tipo,
    dias,
    predeterminado: dias,
  });
  return {
    request: { query: OpcionesStockDocument },
    result: {
      data: {
        avisoVencimiento: [
          aviso('GLOBULOS_ROJOS', 7),
          aviso('PLASMA_FRESCO_CONGELADO', 30),
          aviso('PLAQUETAS', 2),
          aviso('CRIOPRECIPITADO', 30),
        ],
        ventanaTrazabilidad: ventana,
      },
    },
    maxUsageCount: 3,
  };
}

/** A servicio's screening thresholds: none set (the spec's bounds) but those given. */
export const umbralesServicio = (servicioId: string, over: Record<string, number | null> = {}) => ({
  __typename: 'Servicio' as const,
  id: servicioId,
  umbralesTamizaje: {
    __typename: 'UmbralesTamizaje' as const,
    hbMinMujer: null,
    hbMinHombre: null,
    hbMax: null,
    hctoMinMujer: null,
    hctoMinHombre: null,
    hctoMax: null,
    ...over,
  },
});

/** UmbralesTamizaje: the servicio's thresholds. */
export const umbralesTamizajeMock = (servicioId: string, over: Record<string, number | null> = {}) => ({
  request: { query: UmbralesTamizajeDocument },
  result: { data: { servicio: umbralesServicio(servicioId, over) } },
});
