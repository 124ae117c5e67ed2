import { type ContactMessage, MessageReplySchema, REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, AdminTextarea, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { replyToMessage } from '../api/messages';

/** A reply by e-mail to the sender; sending it marks the query handled. */
export function ReplyForm({ message, onSent }: { message: ContactMessage; onSent: () => void }) {
  const [subject, setSubject] = useState(`Re: ${message.subject}`.slice(0, REPLY_SUBJECT_MAX));
  const [body, setBody] = useState('');
  const form = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.run(async () => {
      await replyToMessage(message.id, parseOrThrow(MessageReplySchema.safeParse({ subject, body })));
      return `Your reply to ${message.email} is on its way.`;
    });
    if (!done) return;
    setBody('');
    onSent();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="reply-title">
      <h2 id="reply-title">Reply by e-mail</h2>
      <p>To {message.email}. Their message is quoted under your reply.</p>
      <AdminInput
        id="reply-subject"
        label="Subject"
        required
        maxLength={REPLY_SUBJECT_MAX}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        errors={form.errorsOf('subject')}
      />
      <AdminTextarea
        id="reply-body"
        label="Message"
        required
        rows={8}
        maxLength={REPLY_BODY_MAX}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        errors={form.errorsOf('body')}
      />
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        {form.busy ? 'Sending…' : 'Send reply'}
      </button>
    </form>
  );
}
