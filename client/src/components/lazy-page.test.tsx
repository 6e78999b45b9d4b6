import { screen } from '@testing-library/react';
import { Route, Routes, Link } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test-utils';
import { PAGE_ERROR_TITLE, lazyPage } from './lazy-page';

describe('lazyPage', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // React reports the errors the boundary catches; here they are expected.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('shows the page once its code has loaded', async () => {
    const page = lazyPage(async () => ({ OkPage: () => <h1>Página cargada</h1> }), 'OkPage');
    renderWithProviders(page);
    expect(await screen.findByRole('heading', { name: 'Página cargada' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a message and a Recargar button, not a blank app, when the page code fails to load', async () => {
    const page = lazyPage(
      () =>
        Promise.reject<Record<'BrokenPage', unknown>>(
          new Error('Failed to fetch dynamically imported module'),
        ),
      'BrokenPage',
    );
    renderWithProviders(
      <>
        <p>Barra superior</p>
        {page}
      </>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PAGE_ERROR_TITLE);
    expect(alert).toHaveTextContent('No se pudo cargar esta pantalla.');
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeEnabled();
    // only the page gave way
    expect(screen.getByText('Barra superior')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it('shows the message when the page throws while rendering, and another page shows normally', async () => {
    const Broken = () => {
      throw new Error('render');
    };
    const broken = lazyPage(async () => ({ Broken }), 'Broken');
    const other = lazyPage(async () => ({ Other: () => <h1>Otra pantalla</h1> }), 'Other');
    renderWithProviders(
      <>
        <Link to="/otra">Ir a otra</Link>
        <Routes>
          <Route path="/" element={broken} />
          <Route path="/otra" element={other} />
        </Routes>
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGE_ERROR_TITLE);
    await userEvent.click(screen.getByRole('link', { name: 'Ir a otra' }));
    expect(await screen.findByRole('heading', { name: 'Otra pantalla' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
