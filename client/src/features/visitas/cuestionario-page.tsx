import { Box, Button, Checkbox, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { TIPO_PREGUNTA_LABELS, TIPOS_PREGUNTA } from '@domain/entrevista';
import type { TipoPregunta } from '@domain/entrevista';
import { MSG } from '@domain/messages';
import { decideMedicamente } from '@domain/roles';
import { AppAlert } from '@/components/app-alert';
import { LabelledField } from '@/components/form';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { CuestionarioDocument, UpdateCuestionarioDocument } from '@/generated/graphql';
import type { PreguntaCuestionarioInput, PreguntaDatosFragment, RespuestaSiNo } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { errorMessages } from '@/lib/graphql-errors';

/** A question as edited: the days as typed. */
type Editada = {
  id: string | null;
  texto: string;
  tipo: TipoPregunta;
  confidencial: boolean;
  activa: boolean;
  difiereSi: '' | RespuestaSiNo;
  dias: string;
  definitivo: boolean;
  motivoCodigo: string;
};

const editada = (p: PreguntaDatosFragment): Editada => ({
  id: p.id,
  texto: p.texto,
  tipo: p.tipo,
  confidencial: p.confidencial,
  activa: p.activa,
  difiereSi: p.difiereSi ?? '',
  dias: String(p.diferimientoDias),
  definitivo: p.definitivo,
  motivoCodigo: p.motivoCodigo ?? '',
});

/** The edited question as the server takes it. */
export function toPreguntaInput(p: Editada): PreguntaCuestionarioInput {
  const difiere = p.difiereSi !== '';
  return {
    ...(p.id ? { id: p.id } : {}),
    texto: p.texto,
    tipo: p.tipo,
    confidencial: p.confidencial,
    activa: p.activa,
    difiereSi: difiere ? p.difiereSi || null : null,
    diferimientoDias: difiere && !p.definitivo ? Number(p.dias.trim() || '0') : 0,
    definitivo: difiere && p.definitivo,
    motivoCodigo: difiere ? p.motivoCodigo.trim().toUpperCase() : null,
  };
}

function Marca({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(e) => onChange(e.checked === true)}
      colorPalette="brand"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * /opciones/cuestionario: the servicio's pre-donation questionnaire (at first, the blank form's
 * questions). A doctor or the administrator edits each question, its kind, whether its answer is
 * confidential, and which answer defers and how; a question left out is deactivated (past
 * answers keep it as it was asked).
 */
export function CuestionarioPage() {
  const { usuario } = useAuth();
  const puede = decideMedicamente(usuario?.rol);
  const { data, loading, error } = useQuery(CuestionarioDocument, { fetchPolicy: 'cache-and-network' });
  const [preguntas, setPreguntas] = useState<Editada[] | null>(null);
  const [errores, setErrores] = useState<string[] | null>(null);
  const [guardar, { loading: guardando }] = useMutation(UpdateCuestionarioDocument);
  useEffect(() => {
    if (data && preguntas === null) setPreguntas(data.cuestionario.map(editada));
  }, [data, preguntas]);

  const cambiar = (i: number, cambio: Partial<Editada>) =>
    setPreguntas((prev) => (prev ?? []).map((p, j) => (j === i ? { ...p, ...cambio } : p)));

  const onGuardar = async () => {
    setErrores(null);
    try {
      const res = await guardar({ variables: { preguntas: (preguntas ?? []).map(toPreguntaInput) } });
      if (res.data) setPreguntas(res.data.updateCuestionario.map(editada));
      showToast(MSG.cuestionarioGuardado);
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  return (
    <Stack gap="5" maxW="6xl">
      <PageCard
        title="Cuestionario de la entrevista"
        description="Las preguntas de la entrevista predonación del servicio. Para cada respuesta que difiere: los días o el diferimiento definitivo, y un motivo codificado. Una pregunta confidencial solo la lee un médico."
      >
        <LoadingOverlay open={loading && !data} />
        {!puede && <AppAlert severity="info" message={MSG.soloMedicoCuestionario} />}
        {error && !data && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
        <Stack gap="3" as="form" aria-label="Cuestionario de la entrevista">
          {(preguntas ?? []).map((p, i) => (
            <Box
              key={p.id ?? `nueva-${i}`}
              borderWidth="1px"
              borderColor="gray.200"
              borderRadius="md"
              p="3"
              bg="white"
            >
              <Text fontWeight="semibold" mb="2">{`Pregunta ${i + 1}`}</Text>
              <Grid templateColumns={{ base: '1fr', md: '3fr 1fr' }} gap="3">
                <LabelledField label={`Texto de la pregunta ${i + 1}`}>
                  <Input
                    value={p.texto}
                    disabled={!puede}
                    onChange={(e) => cambiar(i, { texto: e.target.value })}
                  />
                </LabelledField>
                <LabelledField label={`Tipo de la pregunta ${i + 1}`}>
                  <NativeSelect.Root disabled={!puede}>
                    <NativeSelect.Field
                      value={p.tipo}
                      onChange={(e) => cambiar(i, { tipo: e.target.value as TipoPregunta })}
                    >
                      {TIPOS_PREGUNTA.map((t) => (
                        <option key={t} value={t}>
                          {TIPO_PREGUNTA_LABELS[t]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </LabelledField>
              </Grid>
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr 1fr' }} gap="3" mt="3" alignItems="end">
                <LabelledField label={`Respuesta que difiere (pregunta ${i + 1})`}>
                  <NativeSelect.Root disabled={!puede || p.tipo !== 'SI_NO'}>
                    <NativeSelect.Field
                      value={p.difiereSi}
                      onChange={(e) => cambiar(i, { difiereSi: e.target.value as Editada['difiereSi'] })}
                    >
                      <option value="">Ninguna</option>
                      <option value="SI">Sí</option>
                      <option value="NO">No</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </LabelledField>
                <LabelledField label={`Días de diferimiento (pregunta ${i + 1})`}>
                  <Input
                    type="number"
                    value={p.dias}
                    disabled={!puede || p.difiereSi === '' || p.definitivo}
                    onChange={(e) => cambiar(i, { dias: e.target.value })}
                  />
                </LabelledField>
                <LabelledField label={`Motivo codificado (pregunta ${i + 1})`}>
                  <Input
                    value={p.motivoCodigo}
                    disabled={!puede || p.difiereSi === ''}
                    onChange={(e) => cambiar(i, { motivoCodigo: e.target.value })}
                  />
                </LabelledField>
              </Grid>
              {puede && (
                <HStack gap="5" mt="3" flexWrap="wrap">
                  <Marca
                    label="Definitivo"
                    checked={p.definitivo}
                    onChange={(v) => cambiar(i, { definitivo: v })}
                  />
                  <Marca
                    label="Confidencial"
                    checked={p.confidencial}
                    onChange={(v) => cambiar(i, { confidencial: v })}
                  />
                  <Marca label="Activa" checked={p.activa} onChange={(v) => cambiar(i, { activa: v })} />
                </HStack>
              )}
            </Box>
          ))}
        </Stack>
        {puede && preguntas && (
          <HStack gap="3" mt="4">
            <Button
              variant="outline"
              colorPalette="brand"
              onClick={() =>
                setPreguntas((prev) => [
                  ...(prev ?? []),
                  {
                    id: null,
                    texto: '',
                    tipo: 'SI_NO',
                    confidencial: false,
                    activa: true,
                    difiereSi: '',
                    dias: '0',
                    definitivo: false,
                    motivoCodigo: '',
                  },
                ])
              }
            >
              Agregar pregunta
            </Button>
            <Button colorPalette="brand" loading={guardando} onClick={() => void onGuardar()}>
              Guardar cuestionario
            </Button>
          </HStack>
        )}
      </PageCard>
    </Stack>
  );
}
