import { screen, within } from '@testing-library/react';
import { PLANILLA_CATEGORY_LABELS, PLANILLAS } from '@domain/planillas';
import { PlanillasDocument } from '@/generated/graphql';
import { renderApp, renderWithProviders, signIn } from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { PlanillasPage } from './planillas-page';

const mocks: MockedResponses = [
  {
    request: { query: PlanillasDocument },
    result: {
      data: { planillas: PLANILLAS.map((p) => ({ __typename: 'Planilla' as const, ...p })) },
    },
  },
];

afterEach(() => localStorage.clear());

describe('Planillas page', () => {
  it('lists the 13 forms grouped by category, each with a view and a download link', async () => {
    signIn();
    renderWithProviders(<PlanillasPage />, { mocks, route: '/planillas' });

    const table = await screen.findByRole('table', { name: 'Planillas descargables' });
    const rows = await within(table).findAllByTestId('planilla-row');
    expect(rows).toHaveLength(13);

    for (const label of Object.values(PLANILLA_CATEGORY_LABELS)) {
      expect(within(table).getByText(label)).toBeInTheDocument();
    }

    PLANILLAS.forEach((p, i) => {
      const row = rows[i];
      expect(within(row).getByText(p.displayName, { selector: 'p' })).toBeInTheDocument();
      const view = within(row).getByRole('link', { name: `Ver ${p.displayName}` });
      expect(view).toHaveAttribute('href', `/planillas/${p.fileName}`);
      expect(view).toHaveAttribute('target', '_blank');
      expect(view).toHaveAttribute('rel', expect.stringContaining('noopener'));
      expect(view).not.toHaveAttribute('download');
      const download = within(row).getByRole('link', { name: `Descargar ${p.displayName}` });
      expect(download).toHaveAttribute('href', `/planillas/${p.fileName}`);
      expect(download).toHaveAttribute('download', p.fileName);
    });

    // Rows follow the category order: the product's blank sheets first, CPH last.
    const bodies = table.querySelectorAll('tbody');
    expect([...bodies].map((b) => b.getAttribute('data-category'))).toEqual([
      'hemoterapia',
      'registro',
      'consentimiento',
      'cph',
    ]);
  });

  it('is routed at /planillas inside the app', async () => {
    signIn();
    renderApp('/planillas', { mocks });
    expect(await screen.findByRole('heading', { name: 'Planillas', level: 1 })).toBeInTheDocument();
    expect(await screen.findAllByTestId('planilla-row')).toHaveLength(13);
  });
});
