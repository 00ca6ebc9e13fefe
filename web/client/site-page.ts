// The client module of pages without behaviour of their own (the verification result, 404): the header only.
import { wireSiteHeader } from './site-header.ts';

wireSiteHeader();
