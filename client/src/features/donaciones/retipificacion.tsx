import { Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { RESULTADOS_LABELS } from '@domain/campos';
import { ABO, grupoYFactor } from '@domain/donacion';
import { MSG } from '@domain/messages';
import { confirmaGrupo } from '@domain/resultados';
import { AppAlert } from '@/components/app-alert';
import { SelectField } from '@/components/form';
import { GrupoDiscordanteMarca } from '@/components/grupo-discordante';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import type { DonacionDatosFragment } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { useRegistrarRetipificacion } from './donaciones-store';

export const ABO_OPTIONS = ABO.map((v) => ({ value: v, label: v === '' ? 'Sin determinar' : v }));
export const RH_OPTIONS = [
  { value: '', label: 'Sin determinar' },
  { value: 'POSITIVO', label: 'Positivo' },
  { value: 'NEGATIVO', label: 'Negativo' },
];

export const RETIPIFICAR = 'Registrar nueva tipificación';

type Tipificacion = { abo: string; rh: string };

function validate(v: Tipificacion) {
  const errors: Partial<Record<keyof Tipificacion, string>> = {};
  if (!v.abo) errors.abo = MSG.requerido;
  if (!v.rh) errors.rh = MSG.requerido;
  return errors;
}

/**
 * A donation flagged 'Grupo discordante': the flag and its reason, and for a doctor or a
 * technician the repeat typing that confirms one value and ends the flag (the server decides).
 */
export function GrupoDiscordantePanel({ donacion }: { donacion: DonacionDatosFragment }) {
  const { usuario } = useAuth();
  const { registrar } = useRegistrarRetipificacion();
  const [abierto, setAbierto] = useState(false);
  const [errores, setErrores] = useState<string[] | null>(null);
  if (!donacion.grupoDiscordante) return null;
  const puede = confirmaGrupo(usuario?.rol);

  const onSubmit = async (v: Tipificacion) => {
    setErrores(null);
    const result = await registrar(donacion.id, v.abo, v.rh);
    if (result.ok) showToast(result.message);
    else setErrores(result.errors);
  };

  return (
    <Box
      as="section"
      aria-labelledby="grupo-discordante-titulo"
      bg="white"
      borderWidth="1px"
      borderColor="orange.300"
      borderRadius="lg"
      p="4"
    >
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="sm" id="grupo-discordante-titulo">
            {`Grupo y factor: ${grupoYFactor(donacion.abo, donacion.rh) || 'sin determinar'}`}
          </Heading>
          {puede && !abierto && (
            <Button size="sm" colorPalette="brand" variant="outline" onClick={() => setAbierto(true)}>
              {RETIPIFICAR}
            </Button>
          )}
        </HStack>
        <GrupoDiscordanteMarca motivo={donacion.grupoMotivo} size="md" />
        <Text fontSize="sm" color="gray.700">
          {puede
            ? 'El grupo difiere de donaciones anteriores del donante: una nueva tipificación confirma uno.'
            : MSG.soloMedicoTecnicoGrupo}
        </Text>
        {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
        {puede && abierto && (
          <Form<Tipificacion>
            onSubmit={onSubmit}
            initialValues={{ abo: donacion.abo ?? '', rh: donacion.rh ?? '' }}
            validate={validate}
            subscription={{ submitting: true }}
          >
            {({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} noValidate aria-label={RETIPIFICAR}>
                <Stack gap="3">
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                    <SelectField name="abo" label={RESULTADOS_LABELS.abo} options={ABO_OPTIONS} required />
                    <SelectField name="rh" label={RESULTADOS_LABELS.rh} options={RH_OPTIONS} required />
                  </Grid>
                  <HStack justify="flex-end" gap="2">
                    <Button variant="outline" onClick={() => setAbierto(false)} disabled={submitting}>
                      Cancelar
                    </Button>
                    <Button
                      type="submit"
                      colorPalette="brand"
                      loading={submitting}
                      loadingText="Guardando..."
                    >
                      Confirmar tipificación
                    </Button>
                  </HStack>
                </Stack>
              </form>
            )}
          </Form>
        )}
      </Stack>
    </Box>
  );
}
