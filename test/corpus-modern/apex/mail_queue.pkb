create or replace package body mail_queue as

  procedure send_pending is
  begin
    for m in (select mail_id, recipient, subject, body
                from mail_outbox
               where sent_at is null
               order by created_at
               fetch first 50 rows only
               for update skip locked) loop
      apex_mail.send(p_to => m.recipient, p_from => 'noreply@example.com', p_subj => m.subject, p_body => m.body);
      update mail_outbox set sent_at = systimestamp where mail_id = m.mail_id;
    end loop;
    apex_mail.push_queue;
    commit;
  end send_pending;

end mail_queue;
/
