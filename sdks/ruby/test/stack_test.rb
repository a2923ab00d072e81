# frozen_string_literal: true

# The Ruby SDK against the real stack (run by platform/local-stack's SdkIT with SLOTWISE_BASE_URL, SLOTWISE_API_KEY of a
# fresh tenant and SLOTWISE_RECEIVER_URL, a webhook receiver that can be read back).
require 'base64'
require 'json'
require 'net/http'
require 'openssl'
require 'securerandom'
require 'socket'
require 'time'
require 'slotwise'

RECEIVER = ENV.fetch('SLOTWISE_RECEIVER_URL')
SLOTWISE = Slotwise::Client.new(api_key: ENV.fetch('SLOTWISE_API_KEY'), base_url: ENV.fetch('SLOTWISE_BASE_URL'))
M = SlotwiseOpenApi

def check(condition, what)
  raise "failed: #{what}" unless condition
end

def raises(code)
  yield
rescue Slotwise::Error => e
  check(e.code == code, "expected #{code}, got #{e.code}")
  e
else
  raise "expected Slotwise::Error #{code}"
end

def refused
  yield
rescue Slotwise::WebhookVerificationError
  nil
else
  raise 'verification should have failed'
end

def all_customers
  SLOTWISE.list { |cursor| SLOTWISE.customers.list_customers(limit: 2, cursor: cursor) }.map(&:id)
end

# customers, and pages of them
created = Array.new(5) { |i| SLOTWISE.customers.create_customer(M::CustomerInput.new(first_name: "Page#{i}")).id }
check(created.all? { |id| id.start_with?('cus_') }, 'customer ids')
listed = all_customers # three pages
check(listed == created.reverse, "newest first across pages: #{listed}")

# a conflict is a typed error
customer = SLOTWISE.customers.create_customer(M::CustomerInput.new(first_name: 'Booker')).id
service = SLOTWISE.services.create_service(M::ServiceInput.new(name: 'Cut', duration_minutes: 30,
                                                               price: M::Money.new(amount: 3000, currency: 'EUR'))).id
staff = SLOTWISE.staff.create_staff_member(M::StaffInput.new(name: 'Ida')).id
day = Time.now.utc + (2 * 86_400)
booking = M::NewAppointment.new(customer_id: customer, service_id: service, staff_id: staff,
                                starts_at: Time.utc(day.year, day.month, day.day, 10, 0, 0).iso8601) # timestamps as ISO 8601 strings
check(SLOTWISE.appointments.create_appointment(booking).status == 'booked', 'booked')
conflict = raises('appointment_conflict') { SLOTWISE.appointments.create_appointment(booking) }
check(conflict.status == 409 && conflict.detail && conflict.request_id, "conflict #{conflict.message}")
invalid = raises('validation_failed') { SLOTWISE.customers.create_customer(M::CustomerInput.new(first_name: 'X', email: 'no')) }
check(invalid.status == 422 && invalid.errors.any? { |error| error['field'] == 'email' }, invalid.errors.to_s)

# an idempotent retry creates once
key = "rb-#{SecureRandom.hex(8)}"
first = SLOTWISE.customers.create_customer(M::CustomerInput.new(first_name: 'Once'), idempotency_key: key).id
check(SLOTWISE.customers.create_customer(M::CustomerInput.new(first_name: 'Once'), idempotency_key: key).id == first, 'replayed')
raises('idempotency_key_reused') { SLOTWISE.customers.create_customer(M::CustomerInput.new(first_name: 'Other'), idempotency_key: key) }
check(all_customers.size == listed.size + 2, 'the booker and one more')

# 503, then 429 with Retry-After: 1, then 201: one call, three requests with one Idempotency-Key
server = TCPServer.new('127.0.0.1', 0)
seen = []
answers = [[503, ''], [429, "Retry-After: 1\r\n"]]
stub = Thread.new do
  loop do
    client = server.accept
    head = +''
    head << client.gets until head.end_with?("\r\n\r\n")
    headers = head.lines.drop(1).reject { |line| line.strip.empty? }.to_h { |line| line.split(':', 2).map(&:strip) }
                  .transform_keys(&:downcase)
    client.read(headers['content-length'].to_i)
    seen << [headers['idempotency-key'], headers['authorization'], Process.clock_gettime(Process::CLOCK_MONOTONIC)]
    status, extra = answers.shift || [201, '']
    body = JSON.generate(status != 201 ? { code: status == 429 ? 'rate_limited' : 'upstream_unavailable' } : { id: 'cus_0000000000000000000000000r', firstName: 'Retry', lastName: nil, email: nil, phone: nil,
                                           notes: nil, marketingConsent: false, notificationsOptOut: false, metadata: {},
                                           createdAt: '2026-11-26T00:00:00Z', updatedAt: '2026-11-26T00:00:00Z' })
    client.write("HTTP/1.1 #{status} X\r\n#{extra}Content-Type: application/json\r\nContent-Length: #{body.bytesize}\r\n" \
                 "Connection: close\r\n\r\n#{body}")
    client.close
  end
end
stubbed = Slotwise::Client.new(api_key: 'swk_stub', base_url: "http://127.0.0.1:#{server.addr[1]}", base_delay: 0.05)
check(stubbed.customers.create_customer(M::CustomerInput.new(first_name: 'Retry')).id == 'cus_0000000000000000000000000r', 'retried')
# a wait longer than max_retry_after (an hourly quota spent) is raised at once, not slept through
answers << [429, "Retry-After: 3600\r\n"]
later = raises('rate_limited') { stubbed.customers.create_customer(M::CustomerInput.new(first_name: 'Later')) }
check(later.status == 429 && later.retry_after == 3600 && seen.size == 4, "raised at once: #{seen}")
stub.kill
check(seen.take(3).map(&:first).uniq.size == 1 && seen[0][0] && seen[3][0] != seen[0][0], "one key per call: #{seen}")
check(seen.map { |s| s[1] }.uniq == ['Bearer swk_stub'], 'bearer token')
check(seen[2][2] - seen[1][2] >= 0.95, 'Retry-After honoured')

# a delivered webhook verifies
endpoint = SLOTWISE.webhooks.create_webhook_endpoint(M::WebhookEndpointInput.new(url: "#{RECEIVER}/hooks/ruby",
                                                                                 events: ['customer.created']))
hooked = SLOTWISE.customers.create_customer(M::CustomerInput.new(first_name: 'Hooked')).id
deadline = Time.now + 60
hook = nil
while hook.nil? && Time.now < deadline
  hook = JSON.parse(Net::HTTP.get(URI("#{RECEIVER}/received/ruby"))).find { |h| h['body'].include?(hooked) }
  sleep 0.2 if hook.nil?
end
check(hook, "a webhook with #{hooked} within 60 s")
body, headers, secret = hook['body'], hook['headers'], endpoint.secret
event = Slotwise::Webhooks.verify(body, headers, secret)
check(event['type'] == 'customer.created' && event['data']['id'] == hooked, 'the event')
check(Slotwise::Webhooks.verify_slotwise_signature(body, headers['x-slotwise-signature'], secret)['id'] == event['id'], 'X-Slotwise-Signature')
tampered = body.sub('Hooked', 'Hacked')
refused { Slotwise::Webhooks.verify(tampered, headers, secret) }
refused { Slotwise::Webhooks.verify_slotwise_signature(tampered, headers['x-slotwise-signature'], secret) }
refused { Slotwise::Webhooks.verify(body, headers, "whsec_#{Base64.strict_encode64('x' * 32)}") }
# a correctly signed request from ten minutes ago is a replay: refused by the tolerance, accepted with a larger one
old = Time.now.to_i - 600
signed = Base64.strict_encode64(OpenSSL::HMAC.digest('SHA256', Base64.strict_decode64(secret.delete_prefix('whsec_')),
                                                     "#{headers['webhook-id']}.#{old}.#{body}"))
replayed = headers.merge('webhook-timestamp' => old.to_s, 'webhook-signature' => "v1,#{signed}")
refused { Slotwise::Webhooks.verify(body, replayed, secret) }
check(Slotwise::Webhooks.verify(body, replayed, secret, tolerance: 900)['id'] == event['id'], 'a larger tolerance')
puts 'ruby SDK: all stack tests passed'
