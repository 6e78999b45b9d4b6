import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test-utils';
import { Pager } from './pager';

describe('Pager', () => {
  it('shows the exact total and the number of pages', async () => {
    const onPage = jest.fn();
    renderWithProviders(<Pager pagina={2} pageSize={20} shown={20} total={45} onPage={onPage} />);
    expect(screen.getByText('Mostrando 21–40 de 45')).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it("says 'más de' when the server stopped counting, and lets the user go on while pages are full", async () => {
    const onPage = jest.fn();
    renderWithProviders(
      <Pager pagina={10} pageSize={20} shown={20} total={200} totalExacto={false} onPage={onPage} />,
    );
    expect(screen.getByText('Mostrando 181–200 de más de 200')).toBeInTheDocument();
    expect(screen.getByText('Página 10')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPage).toHaveBeenCalledWith(11);
  });

  it('has nothing to page through when everything fits on one page', () => {
    renderWithProviders(<Pager pagina={1} pageSize={20} shown={3} total={3} onPage={jest.fn()} />);
    expect(screen.getByText('Mostrando 1–3 de 3')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Páginas' })).not.toBeInTheDocument();
  });

  it('the last page of a long list ends the paging', () => {
    renderWithProviders(<Pager pagina={3} pageSize={20} shown={5} total={45} onPage={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeEnabled();
  });

  it('past the first page it still offers Anterior when the guessed page turns out empty', async () => {
    const onPage = jest.fn();
    renderWithProviders(
      <Pager pagina={11} pageSize={20} shown={0} total={200} totalExacto={false} onPage={onPage} />,
    );
    expect(screen.getByText('No hay resultados en esta página')).toBeInTheDocument();
    expect(screen.getByText('Página 11')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPage).toHaveBeenCalledWith(10);
  });

  it('an empty page past the exact end offers only Anterior', () => {
    renderWithProviders(<Pager pagina={4} pageSize={20} shown={0} total={45} onPage={jest.fn()} />);
    expect(screen.getByText('Página 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeEnabled();
  });
});
