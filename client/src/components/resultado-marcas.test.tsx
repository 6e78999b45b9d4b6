import { screen } from '@testing-library/react';
import { MSG } from '@domain/messages';
import { renderWithProviders } from '@/test-utils';
import { ResultadoMarcas } from './resultado-marcas';

const negativa = {
  hiv: false,
  hepB: false,
  hepC: false,
  vdrl: false,
  brucelosis: false,
  chagas: false,
  htlv: false,
};

describe('ResultadoMarcas', () => {
  it("each reactive marker reads 'HIV (+)' in a badge with an icon, apart from the negative markers", () => {
    renderWithProviders(<ResultadoMarcas serologia={{ ...negativa, hiv: true, chagas: true }} />);
    const marcas = screen.getAllByTestId('marca-reactivo');
    expect(marcas.map((m) => m.textContent)).toEqual(['HIV (+)', 'Chagas (+)']);
    for (const marca of marcas) expect(marca.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    // The negatives stay as quiet text, without the reactive ones.
    const negativos = screen.getByText(/Hepatitis B \(-\)/);
    expect(negativos).not.toHaveTextContent('HIV');
    expect(negativos).not.toHaveTextContent('Chagas');
  });

  it('a definitive exclusion is a badge with its words; a temporary one says how long', () => {
    const { unmount } = renderWithProviders(
      <ResultadoMarcas serologia={negativa} exclusionDefinitiva="Definitiva" />,
    );
    expect(screen.getByTestId('marca-exclusion')).toHaveTextContent('EXCLUSIÓN DEFINITIVA');
    expect(screen.queryByTestId('marca-reactivo')).toBeNull();
    unmount();
    renderWithProviders(
      <ResultadoMarcas serologia={negativa} exclusionDefinitiva="Temporal" exclusionTiempo={365} />,
    );
    expect(screen.getByTestId('marca-exclusion')).toHaveTextContent('Exclusión temporal: 1 año');
  });

  it('all negative: no badge, every marker (-); no results: Sin datos; unreadable: the error', () => {
    const { unmount } = renderWithProviders(<ResultadoMarcas serologia={negativa} />);
    expect(screen.queryByTestId('marca-reactivo')).toBeNull();
    expect(screen.getByText(/HIV \(-\) · Hepatitis B \(-\)/)).toHaveTextContent('HTLV (-)');
    unmount();
    const second = renderWithProviders(<ResultadoMarcas serologia={null} />);
    expect(screen.getByText('Sin datos')).toBeInTheDocument();
    second.unmount();
    renderWithProviders(<ResultadoMarcas serologia={{ ...negativa, hiv: 'si' }} />);
    expect(screen.getByText('Error al leer serología')).toBeInTheDocument();
  });
});

describe('ResultadoMarcas with the results per marker', () => {
  const r = (marcador: string, nombre: string, signo: string) => ({ marcador, nombre, signo });
  it("prints each marker as the server says: '(+)', 'indeterminado', '(-)' and 'sin realizar'", () => {
    renderWithProviders(
      <ResultadoMarcas
        serologia={null}
        resultados={[
          r('HIV', 'HIV 1/2', '(+)'),
          r('HBSAG', 'HBsAg', 'indeterminado'),
          r('HCV', 'HCV', '(-)'),
          r('CHAGAS', 'Chagas', 'sin realizar'),
        ]}
      />,
    );
    expect(screen.getByTestId('marca-reactivo')).toHaveTextContent('HIV 1/2 (+)');
    expect(screen.getByTestId('marca-indeterminado')).toHaveTextContent('HBsAg indeterminado');
    expect(screen.getByText('HCV (-) · Chagas sin realizar')).toBeInTheDocument();
    expect(screen.queryByText(MSG.sinDatos)).toBeNull();
  });

  it("nothing tested reads 'Sin datos'", () => {
    renderWithProviders(
      <ResultadoMarcas serologia={null} resultados={[r('HIV', 'HIV 1/2', 'sin realizar')]} />,
    );
    expect(screen.getByText(MSG.sinDatos)).toBeInTheDocument();
    expect(screen.queryByText(/sin realizar/)).toBeNull();
  });
});
