import { Button, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { isEmailAddress, normaliseEmail } from '../../auth/validation';
import { submitEnquiry } from '../api/contact';
import './admin.css';

interface Errors {
  name?: string;
  email?: string;
  message?: string;
}

/** "Councils: get in touch" on /home: an enquiry the platform's administrators see live. */
export function ContactForm() {
  const [fields, setFields] = useState({ name: '', email: '', organisation: '', message: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string>();
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!fields.name.trim()) found.name = 'Name is required';
    if (!isEmailAddress(normaliseEmail(fields.email))) found.email = 'Enter a valid email address';
    if (!fields.message.trim()) found.message = 'Message is required';
    setErrors(found);
    if (Object.keys(found).length) return;
    setState('sending');
    setFailure(undefined);
    try {
      await submitEnquiry({
        kind: 'ENQUIRY',
        name: fields.name.trim(),
        email: normaliseEmail(fields.email),
        organisation: fields.organisation.trim() || undefined,
        message: fields.message.trim(),
      });
      setState('sent');
    } catch (err) {
      setFailure((err as Error).message);
      setState('idle');
    }
  };

  return (
    <section className="panel home-contact" aria-labelledby="contact-title" style={{ marginTop: 24 }}>
      <h2 id="contact-title" style={{ marginTop: 0 }}>Councils: get in touch</h2>
      {state === 'sent' ? (
        <p role="status">Thank you. We will reply to {normaliseEmail(fields.email)} soon.</p>
      ) : (
        <form className="contact-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <p className="muted" style={{ margin: 0 }}>Questions about bringing your council on board, pricing or a demo: we answer by email.</p>
          <TextField label="Name" value={fields.name} onChange={set('name')} maxLength={200} hasError={!!errors.name} errorMessage={errors.name} autoComplete="name" />
          <TextField label="Work email" type="email" value={fields.email} onChange={set('email')} maxLength={254} hasError={!!errors.email} errorMessage={errors.email} autoComplete="email" />
          <TextField label="Council or organisation (optional)" value={fields.organisation} onChange={set('organisation')} maxLength={200} autoComplete="organization" />
          <TextAreaField label="Message" rows={4} value={fields.message} onChange={set('message')} maxLength={5000} hasError={!!errors.message} errorMessage={errors.message} />
          {failure && <p role="alert">{failure}</p>}
          <div><Button type="submit" variation="primary" isLoading={state === 'sending'} loadingText="Sending…">Send enquiry</Button></div>
        </form>
      )}
    </section>
  );
}
