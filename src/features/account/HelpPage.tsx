import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../../../core/constants';
import { sendSupportMessage } from '../../api/me.api';
import { ButtonLink } from '../../components/links';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { useToast } from '../../components/toast/use-toast';
import { useAction } from '../../components/toast/use-action';
import { randomId } from '../../lib/random-id';
import { HELP_FAQ } from './help-faq';
import { checkSupportMessage, SUPPORT_TEXT, supportCounter } from './support-form';

/** Help's questions and answers (help-faq.ts), each a heading and its paragraphs. */
function Faq() {
  const { i18n } = useLingui();
  const text = (part: MessageDescriptor | (() => string)) => (typeof part === 'function' ? part() : i18n._(part));
  return (
    <Paper component="section" aria-labelledby="faq-heading" sx={{ p: 3, mb: 3 }}>
      <Typography id="faq-heading" component="h2" variant="h6" gutterBottom>
        <Trans>Questions</Trans>
      </Typography>
      {HELP_FAQ.map((entry) => (
        <Box key={text(entry.question)} id={entry.id} sx={{ mt: 2, scrollMarginTop: 64 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {text(entry.question)}
          </Typography>
          {entry.answer.map((paragraph) => (
            <Typography key={text(paragraph)} variant="body2" sx={{ mt: 0.5 }}>
              {text(paragraph)}
            </Typography>
          ))}
        </Box>
      ))}
      <ButtonLink to="/onboard" variant="outlined" sx={{ mt: 3 }}>
        <Trans>How Plop works</Trans>
      </ButtonLink>
    </Paper>
  );
}

/** /root/account/help: answers to common questions, the tour of the app, and a message to the support team. */
export function HelpPage() {
  const toast = useToast();
  const { i18n, t } = useLingui();
  const [text, setText] = useState('');
  const [error, setError] = useState<'empty' | 'tooLong' | null>(null);
  const { busy, run } = useAction(sendSupportMessage);
  // One id per message, kept across retries so a message sent twice is stored once.
  const messageId = useRef(randomId());

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkSupportMessage(text);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    const result = await run({ id: messageId.current, message: check.message });
    if (!result.ok) return;
    messageId.current = randomId();
    setText('');
    setError(null);
    toast.success(i18n._(SUPPORT_TEXT.sent));
  };

  const over = text.length > SUPPORT_MESSAGE_MAX_LENGTH;
  return (
    <PageContainer>
      <BackHeading parent="/root/account">
        <Trans>Help</Trans>
      </BackHeading>
      <Faq />
      <Typography component="h2" variant="h6" gutterBottom>
        <Trans>Write to us</Trans>
      </Typography>
      <Typography sx={{ mb: 3 }}>
        <Trans>Something not working, or an idea for Plop? Write to us and we will get back to you by e-mail.</Trans>
      </Typography>
      <Paper component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t`Contact support`} sx={{ p: 3 }}>
        <Stack spacing={2}>
          <TextField
            label={t`Your message`}
            multiline
            minRows={5}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(null);
            }}
            error={error !== null || over}
            helperText={
              <Stack component="span" direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
                <span>{error !== null ? i18n._(SUPPORT_TEXT[error]) : over ? i18n._(SUPPORT_TEXT.tooLong) : ''}</span>
                <span>{supportCounter(text)}</span>
              </Stack>
            }
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            <Trans>Send</Trans>
          </Button>
        </Stack>
      </Paper>
    </PageContainer>
  );
}
