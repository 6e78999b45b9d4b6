import { Heading, Stack } from '@chakra-ui/react';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { useAuth } from '@/lib/auth-context';
import { EtiquetasSinUsar } from './etiquetas-sin-usar';
import { NumeracionEtiquetas } from './numeracion-etiquetas';

/**
 * /opciones/numeracion (ROL_SERVICIO): the label numbers issued and never used, and moving the
 * counter forward for a servicio that continues a paper book.
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
      <NumeracionEtiquetas />
    </Stack>
  );
}
