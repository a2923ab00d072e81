-- "Nobody keeps access they should lose" (issue 34): the webhook endpoints a grant created (the dispatcher's
-- webhook_endpoints.created_by) must stop receiving data once the grant is revoked. The revocation itself is the
-- record (revoked_at, set in the revoking transaction); these columns follow telling the webhook-dispatcher about it
-- until it acknowledged, whatever restarts or outages come between:
--   webhooks_ended_at   when the dispatcher acknowledged that the grant's endpoints are gone;
--   webhooks_notice_at  when the next notice may go out: a lease while one replica is telling the dispatcher, and the
--                       time of the next try after a failed one (null: at once).
-- Grants revoked before this migration are told too: their endpoints kept receiving data.
alter table oauth_grants
    add column webhooks_ended_at  timestamptz,
    add column webhooks_notice_at timestamptz;
create index oauth_grants_webhooks_to_end_idx on oauth_grants (webhooks_notice_at nulls first, id)
    where revoked_at is not null and webhooks_ended_at is null;
