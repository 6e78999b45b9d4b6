import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { isNumeroEtiqueta } from '@domain/etiquetas';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { TextField } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { AvanzarContadorEtiquetasDocument, ContadorEtiquetasDocument } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { PageCard } from '@/components/page-card';

type Values = { ultimo: string };

function validate(values: Values): Partial<Values> {
  const text = (values.ultimo ?? '').trim();
  if (text === '') return { ultimo: MSG.requerido };
  if (!/^\d+$/.test(text) || !isNumeroEtiqueta(Number(text)))
    return { ultimo: MSG.numeroEtiquetaFueraDeRango };
  return {};
}

/**
 * The label counter of /opciones/generales (ROL_SERVICIO only): the last
 * issued number, and moving it forward for a servicio that continues a paper
 * book. The server refuses going back.
 */
export function NumeracionEtiquetas() {
  const { data, error } = useQuery(ContadorEtiquetasDocument);
  const [avanzar] = useMutation(AvanzarContadorEtiquetasDocument, {
    update(cache, { data: res }) {
      if (!res) return;
      cache.writeQuery({
        query: ContadorEtiquetasDocument,
        data: { contadorEtiquetas: res.avanzarContadorEtiquetas },
      });
    },
  });
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const ultimo = data?.contadorEtiquetas;

  const onSubmit = async (values: Values) => {
    setServerErrors(null);
    try {
      const { data: res } = await avanzar({ variables: { ultimo: Number(values.ultimo.trim()) } });
      if (!res) throw new Error(MSG.errorInesperado);
      showToast(MSG.contadorEtiquetasAvanzado(res.avanzarContadorEtiquetas));
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  };

  return (
    <PageCard
      title="Numeración de etiquetas"
      as="h2"
      description="Para un servicio que continúa un libro en papel: los números hasta el indicado se dan por emitidos y la próxima etiqueta lleva el siguiente. La numeración nunca retrocede."
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {serverErrors && (
        <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
      )}
      {ultimo !== undefined && (
        <Stack gap="4">
          <Text>
            {ultimo > 0
              ? `Último número emitido: ${ultimo}`
              : 'Todavía no se emitió ningún número de etiqueta.'}
          </Text>
          <Form<Values> onSubmit={onSubmit} initialValues={{ ultimo: '' }} validate={validate}>
            {({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} noValidate aria-label="Numeración de etiquetas">
                <HStack gap="3" align="flex-end" wrap="wrap">
                  <TextField
                    name="ultimo"
                    label="Nuevo último número emitido"
                    required
                    inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
                  />
                  <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Guardando...">
                    Adelantar numeración
                  </Button>
                </HStack>
              </form>
            )}
          </Form>
        </Stack>
      )}
    </PageCard>
  );
}
