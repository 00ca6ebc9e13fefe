// What a mail transport is: the interface the mailer hands out and each transport implements.

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(email: OutgoingEmail): Promise<void>;
}
