# frozen_string_literal: true

require 'base64'
require 'json'
require 'openssl'

module Slotwise
  class WebhookVerificationError < StandardError; end

  # Verifying a webhook delivery (CONTRACT §8) by either signature scheme. The standardwebhooks gem is not packaged by
  # Debian, so the scheme is implemented from its specification with OpenSSL.
  module Webhooks
    DEFAULT_TOLERANCE_SECONDS = 300

    module_function

    # Verifies the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature): a v1 signature by the
    # endpoint's secret (either one during a rotation) over "id.timestamp.body", and a timestamp within +tolerance+
    # seconds of now, which refuses a replayed request. Returns the event as a Hash.
    def verify(payload, headers, secret, tolerance: DEFAULT_TOLERANCE_SECONDS, now: Time.now.to_i)
      id = header(headers, 'webhook-id')
      timestamp = header(headers, 'webhook-timestamp')
      signatures = header(headers, 'webhook-signature')
      raise WebhookVerificationError, 'missing webhook-id, webhook-timestamp or webhook-signature' if [id, timestamp, signatures].any?(&:nil?)
      raise WebhookVerificationError, 'webhook-timestamp is not a number' unless timestamp.match?(/\A\d+\z/)
      raise WebhookVerificationError, 'webhook-timestamp is outside the tolerance' if (now - timestamp.to_i).abs > tolerance

      key = Base64.strict_decode64(secret.delete_prefix('whsec_'))
      expected = Base64.strict_encode64(OpenSSL::HMAC.digest('SHA256', key, "#{id}.#{timestamp}.#{payload}"))
      matched = signatures.split(' ').any? do |candidate|
        version, signature = candidate.split(',', 2)
        version == 'v1' && signature.to_s.bytesize == expected.bytesize &&
          OpenSSL.fixed_length_secure_compare(signature, expected)
      end
      raise WebhookVerificationError, 'no webhook-signature matches the body' unless matched

      JSON.parse(payload)
    end

    # Verifies X-Slotwise-Signature ("sha256=<hex HMAC-SHA256 of the raw body, key = the secret's UTF-8 bytes>"). It has
    # no timestamp, so it cannot refuse a replayed request: prefer verify. Returns the event as a Hash.
    def verify_slotwise_signature(payload, signature_header, secret)
      expected = "sha256=#{OpenSSL::HMAC.hexdigest('SHA256', secret, payload)}"
      given = signature_header.to_s
      unless given.length == expected.length && OpenSSL.fixed_length_secure_compare(given, expected)
        raise WebhookVerificationError, 'X-Slotwise-Signature does not match the body'
      end

      JSON.parse(payload)
    end

    def header(headers, name)
      headers.each { |key, value| return value if key.to_s.downcase == name }
      nil
    end
  end
end
