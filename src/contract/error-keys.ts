/**
 * Every `key` an error object of ours can carry (the service's, the proxy's and the dashboard's own
 * for failures that never reached either), each with what it means in words a person uses. The
 * dashboard shows these words; the error's own `message`/`details` stay the real API's.
 * `error-keys.test.ts` checks that every key the server code emits is listed here.
 */
export const errorKeyWords = {
  // Requests the service cannot read or accept.
  invalid_payload: 'Some of the values entered are not valid.',
  invalid_query_params: 'The filters or paging of this list are not valid.',
  invalid_json: 'The request could not be read.',
  invalid_url: 'The address could not be read.',
  bad_request: 'The request could not be read.',
  missing_parameters: 'A required value is missing.',
  unsupported_media_type: 'The request was sent in a format the service does not take.',
  payload_too_large: 'The request is too large.',
  uri_too_long: 'The address is too long.',
  request_header_fields_too_large: 'The request headers are too large.',
  method_not_allowed: 'This action is not available here.',
  not_implemented: 'The service does not offer this yet.',
  // Who may do what.
  unauthorized: 'The service did not accept the dashboard’s credentials.',
  forbidden: 'Your role may not do this.',
  missing_required_permission: 'The API key may not do this.',
  session_required: 'Your session has ended: sign in again.',
  invalid_csrf_token: 'The page was open too long: reload it and try again.',
  invalid_credentials: 'The username or password is wrong.',
  account_locked: 'Too many failed sign-ins: the account is locked for a while.',
  too_many_requests: 'Too many requests in a short time: wait a moment and try again.',
  // Resources.
  not_found: 'It could not be found; it may have been deleted.',
  gone: 'This file is no longer kept.',
  duplicate_found: 'One with the same name already exists.',
  resource_in_use: 'It is still in use, so it cannot be removed.',
  // Loyalty cards and enrollment.
  voucher_cannot_be_published: 'The customer already holds a card in this program.',
  voucher_already_published: 'This card already belongs to a customer.',
  no_voucher_suitable_for_publication: 'The program has no free card left to publish.',
  duplicate_source_id: 'This publication source ID is already used for another customer.',
  voucher_disabled: 'This card is disabled.',
  voucher_expired: 'This card has expired.',
  voucher_not_active: 'This card is not active yet.',
  loyalty_card_not_held_by_customer: 'This card belongs to another customer.',
  loyalty_card_points_exceeded: 'The card does not have enough points.',
  missing_customer: 'The card has no customer.',
  // Rewards and redemption.
  missing_reward: 'Choose a reward.',
  missing_order: 'An order is needed to pay with points.',
  missing_amount: 'The order needs an amount.',
  invalid_amount: 'The order amount must be more than zero.',
  quantity_exceeded: 'This reward is out of stock.',
  already_rolled_back: 'This redemption was already rolled back.',
  invalid_code_config: 'The card code format cannot make that many different codes.',
  // Undoing a change made by hand.
  not_reversible: 'Only points added or removed by hand can be reversed.',
  already_reversed: 'This change was already reversed.',
  // Limits.
  earning_rules_limit_exceeded: 'The program has as many earning rules as it may have.',
  segments_limit_exceeded: 'The project has as many segments as it may have.',
  webhooks_limit_exceeded: 'The project has as many webhook endpoints as it may have.',
  faults_limit_exceeded: 'The project has as many faults set as it may have: clear some first.',
  oauth_token_limit_reached: 'The project has as many live tokens as it may have: revoke some first.',
  // OAuth.
  invalid_scope: 'One of the scopes is not valid.',
  invalid_grant_type: 'The token request is not valid.',
  invalid_expiration_date: 'The expiry date is not valid.',
  // The dashboard's proxy, and failures that never reached a server.
  proxy_not_configured: 'The dashboard server is not set up to reach the API.',
  upstream_unreachable: 'The dashboard server could not reach the API: try again shortly.',
  internal_error: 'Something failed on the server; quote the request id to support.',
  bad_gateway: 'The server could not reach a system it depends on: try again shortly.',
  service_unavailable: 'The service is unavailable for a moment: try again shortly.',
  gateway_timeout: 'The server did not answer in time: try again shortly.',
  network_error: 'The dashboard server did not answer: check the connection and try again.',
  http_error: 'The server answered with an error.',
  client_error: 'The dashboard could not complete this.',
  unexpected_response: 'The server sent an answer the dashboard does not understand.',
  route_error: 'This page failed to load.',
} as const satisfies Record<string, string>;

export type ErrorKey = keyof typeof errorKeyWords;

export function isKnownErrorKey(key: string | undefined): key is ErrorKey {
  return key !== undefined && Object.hasOwn(errorKeyWords, key);
}
