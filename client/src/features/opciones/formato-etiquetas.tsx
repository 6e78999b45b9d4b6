import { Button, Grid, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { SubmissionErrors } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { FORMATO_ETIQUETA_LABELS, FORMATOS_ETIQUETA, validateFormatoEtiquetas } from '@domain/etiquetas';
import type { FormatoEtiqueta } from '@domain/etiquetas';
import { ETIQUETA_ALTO_MM, ETIQUETA_ANCHO_MM } from '@domain/limites';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { RadioField, TextField } from '@/components/form';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { FormatoEtiquetasDocument, UpdateFormatoEtiquetasDocument } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { errorMessages, serverFieldErrors } from '@/lib/graphql-errors';

type Values = { formato: FormatoEtiqueta; anchoMm: string; altoMm: string };

const OPCIONES = FORMATOS_ETIQUETA.map((value) => ({ value, label: FORMATO_ETIQUETA_LABELS[value] }));

/** A typed size: whole digits become the number, anything else stays for the rule to refuse. */
function toMm(text: string): number | string {
  const t = (text ?? '').trim();
  return /^\d+$/.test(t) ? Number(t) : t;
}

const toFormato = (v: Values) => ({ formato: v.formato, anchoMm: toMm(v.anchoMm), altoMm: toMm(v.altoMm) });

/**
 * 'Formato de etiquetas' of Opciones > Numeración (ROL_SERVICIO): how 'Generar Etiquetas' prints,
 * the A4 sheet of 6 labels or one label per page at a label printer's size in mm. The size is
 * kept while the sheet is chosen.
 */
export function FormatoEtiquetas() {
  const { data, error } = useQuery(FormatoEtiquetasDocument, { fetchPolicy: 'cache-and-network' });
  const [guardar] = useMutation(UpdateFormatoEtiquetasDocument);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const servicio = data?.servicio;

  const onSubmit = async (values: Values): Promise<SubmissionErrors | void> => {
    setServerErrors(null);
    const { formato, anchoMm, altoMm } = toFormato(values);
    try {
      await guardar({ variables: { input: { formato, anchoMm: Number(anchoMm), altoMm: Number(altoMm) } } });
      showToast(MSG.formatoEtiquetasGuardado);
    } catch (e) {
      setServerErrors(errorMessages(e));
      return toFormErrors(serverFieldErrors(e));
    }
  };

  return (
    <PageCard
      title="Formato de etiquetas"
      as="h2"
      description="Cómo imprime 'Generar Etiquetas': la hoja A4 de 6 etiquetas, o una impresora de etiquetas (térmica), una etiqueta por página de la medida de la etiqueta cargada en la impresora."
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {serverErrors && (
        <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
      )}
      {servicio && (
        <Form<Values>
          onSubmit={onSubmit}
          initialValues={{
            formato: servicio.etiquetaFormato,
            anchoMm: String(servicio.etiquetaAnchoMm),
            altoMm: String(servicio.etiquetaAltoMm),
          }}
          validate={(v) => toFormErrors(validateFormatoEtiquetas(toFormato(v)))}
        >
          {({ handleSubmit, submitting, pristine, values }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Formato de etiquetas">
              <Stack gap="4">
                <RadioField name="formato" label="Imprimir en" options={OPCIONES} />
                {values.formato === 'IMPRESORA' && (
                  <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4" maxW="lg">
                    <TextField
                      name="anchoMm"
                      label="Ancho de la etiqueta (mm)"
                      required
                      helperText={`De ${ETIQUETA_ANCHO_MM.min} a ${ETIQUETA_ANCHO_MM.max}`}
                      inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
                    />
                    <TextField
                      name="altoMm"
                      label="Alto de la etiqueta (mm)"
                      required
                      helperText={`De ${ETIQUETA_ALTO_MM.min} a ${ETIQUETA_ALTO_MM.max}`}
                      inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
                    />
                  </Grid>
                )}
                <Button
                  type="submit"
                  colorPalette="brand"
                  alignSelf="flex-start"
                  loading={submitting}
                  loadingText="Guardando..."
                  disabled={pristine}
                >
                  Guardar formato
                </Button>
              </Stack>
            </form>
          )}
        </Form>
      )}
    </PageCard>
  );
}
