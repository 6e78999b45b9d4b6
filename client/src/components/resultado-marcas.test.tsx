import { screen } from '@testing-library/react';
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
