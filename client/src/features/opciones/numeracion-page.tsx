import { Heading, Stack } from '@chakra-ui/react';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { useAuth } from '@/lib/auth-context';
import { EtiquetasSinUsar } from './etiquetas-sin-usar';
import { FormatoEtiquetas } from './formato-etiquetas';
import { NumeracionEtiquetas } from './numeracion-etiquetas';

/**
 * /opciones/numeracion (ROL_SERVICIO): the label numbers issued and never used, how 'Generar
 * Etiquetas' prints (the A4 sheet or a label printer), and moving the counter forward for a
 * servicio that continues a paper book.
 */
export function NumeracionPage() {
  const { usuario } = useAuth();
  if (usuario?.rol !== 'ROL_SERVICIO') return <AppAlert message={MSG.sinPermiso} />;
  return (
    <Stack gap="6" maxW="5xl">
      <Heading as="h1" size="lg">
        Numeración
      </Heading>
      <EtiquetasSinUsar />
      <FormatoEtiquetas />
      <NumeracionEtiquetas />
    </Stack>
  );
}
