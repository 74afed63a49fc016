/**
 * Sentence templates of the independent PII evaluation, written for it alone (not derived from the
 * training or in-repo evaluation templates): CVs, support tickets, signatures, address blocks,
 * dialogue, lists of people, billing details. Slots: {NAME} given + family name, {NAME_MID} with a
 * middle initial, {GIVEN}, {SURNAME}, {TITLED} title + family name, {ADDRESS} street line,
 * {ADDRESS_FULL} street, postal code and town, {ADDRESS_BLOCK} the same on two lines, {PHONE},
 * {CARD}, {EMAIL}, {IBAN}, {SSN}, {IP}; {N} a harmless number, {DATE}, {PRICE}, {VERSION}.
 */
export const INDEPENDENT_WITH_ENTITIES = [
  'CURRICULUM VITAE\n{NAME}\n{ADDRESS_BLOCK}\nTel: {PHONE}\n{EMAIL}',
  'Résumé of {NAME_MID} — contact {EMAIL}, mobile {PHONE}.',
  'Candidate: {NAME}\nCurrent address: {ADDRESS_FULL}\nReferences: {TITLED}, {TITLED}',
  'Support ticket #{N}: customer {NAME} cannot log in since the update to {VERSION}.',
  'Hello, this is {GIVEN} {SURNAME}. My order never arrived at {ADDRESS_FULL}. Phone: {PHONE}',
  'The parcel for {NAME} should go to {ADDRESS}, not to the old flat.',
  'Agent: Good morning, who am I speaking with?\nCaller: {NAME}.\nAgent: Thanks {GIVEN}, what is the number on the account?\nCaller: {PHONE}',
  '{GIVEN}: Did you ask {GIVEN} about the invoice?\n{GIVEN}: Not yet, I will call her on {PHONE}.',
  'Kind regards,\n{NAME}\nSenior Accountant\nDesk: {PHONE}',
  'Best,\n{NAME_MID}\n{ADDRESS_BLOCK}',
  'Thanks again — {GIVEN}',
  'Billing details\nCardholder: {NAME}\nCard number: {CARD}\nBilling address: {ADDRESS_FULL}',
  'Please charge my card {CARD}, it expires next spring.',
  'Refund the {PRICE} to credit card {CARD} belonging to {NAME}.',
  'Transfer the deposit to {IBAN}, account holder {NAME}.',
  'Surname? {SURNAME}. First name? {GIVEN}.',
  'The firm was founded by {SURNAME}, {SURNAME} and {SURNAME} in {YEAR}.',
  'Appointment with {TITLED} on {DATE} at the clinic on {ADDRESS}.',
  'Our speakers this year: {NAME}, {NAME} and {NAME_MID}.',
  'Forwarding to {GIVEN} since {SURNAME} is on leave until {DATE}.',
  'New tenant: {NAME}, SSN {SSN}, moving in at {ADDRESS_FULL}.',
  'Suspicious login for {EMAIL} from {IP} on {DATE}.',
  'If the courier cannot find the house, call me on {PHONE}.',
  'Emergency contact — {NAME}, phone {PHONE}',
  'Deliver to:\n{NAME}\n{ADDRESS_BLOCK}',
  'Could {TITLED} please review the contract before {DATE}?',
  '{NAME} ({EMAIL}) asked for a copy of the {VERSION} release notes.',
  'Reference letter for {NAME_MID}, who worked with us for {N} months.',
  'Shipping label: {NAME}, {ADDRESS_FULL}, tel. {PHONE}',
  'I met {GIVEN} at the conference; her colleague {NAME} will send the slides.',
];

/** Texts without personal data, full of what must not be mistaken for it. */
export const INDEPENDENT_WITHOUT_ENTITIES = [
  'The invoice total is {PRICE}, due on {DATE}; order {N} ships in {N} days.',
  'Upgrade from {VERSION} to the next minor release before {DATE}.',
  'ISBN 978-3-16-148410-0 is the second edition, printed in {YEAR}.',
  'Tracking number {N}{N} shows the parcel left the depot at 14:32.',
  'Solve for x: 3x + {N} = {N}, then round to 2 decimal places.',
  'const timeout = {N}; // retry after {N} ms',
  'Between {YEAR} and {YEAR} sales grew by {N} %.',
  'Room {N} on floor 3 is booked from 09:00 to 11:30 on {DATE}.',
  'The recipe needs 250 g flour, 2 eggs and {PRICE} worth of saffron.',
  'Call the function twice with the arguments {N} and {N}.',
  'Chapter {N}, page {N}: the treaty of {YEAR}.',
  'Server build {VERSION} passed {N} of {N} tests in 12.5 s.',
];
