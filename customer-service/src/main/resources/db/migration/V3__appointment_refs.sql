-- the appointments of each tenant as appointment-service announced them (appointment.created), so that a review can
-- name one without a call to appointment-service: only the owner is kept
create table appointment_refs (
    id          text primary key,
    tenant_id   text not null,
    customer_id text not null
);
