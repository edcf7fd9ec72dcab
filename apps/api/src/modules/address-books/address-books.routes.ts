import {
  addressBookCreateCall,
  addressBookDeleteCall,
  addressBookGetCall,
  addressBookListCall,
  addressBookVerifyCall,
  validateAddressBookAddressCall,
  validateAddressBookContextCall,
  validateAddressBookDuplicateCall,
  validateAddressBookNameCall,
  vaspDirectoryCall,
} from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requestLanguage as lang } from '../../plugins/error-handler.js';
import { requireAuth as auth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

export async function addressBookRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { addressBooks } = opts.services;
  const { checks } = addressBooks;

  registerCall(app, addressBookCreateCall, async ({ request, body }) =>
    addressBooks.create(auth(request), body, lang(request)),
  );
  registerCall(app, addressBookListCall, async ({ request, params, body }) =>
    addressBooks.list(auth(request), params.organizationId, body),
  );
  registerCall(app, addressBookGetCall, async ({ request, params }) =>
    addressBooks.get(auth(request), params.addressBookId),
  );
  registerCall(app, addressBookDeleteCall, async ({ request, params, body }) =>
    addressBooks.remove(auth(request), params.addressBookId, body.otpCode),
  );
  registerCall(app, addressBookVerifyCall, async ({ request, params }) =>
    addressBooks.verify(auth(request), params.addressBookId, lang(request)),
  );
  registerCall(app, validateAddressBookContextCall, async ({ request, body }) =>
    checks.context(auth(request), body.draft, lang(request)),
  );
  registerCall(app, validateAddressBookNameCall, async ({ request, body }) =>
    checks.nameExists(auth(request), body.name),
  );
  registerCall(app, validateAddressBookAddressCall, async ({ request, body }) =>
    checks.address(auth(request), body, lang(request)),
  );
  registerCall(app, validateAddressBookDuplicateCall, async ({ request, body }) =>
    checks.duplicate(auth(request), body),
  );
  registerCall(app, vaspDirectoryCall, async () => addressBooks.vaspDirectory());
}
