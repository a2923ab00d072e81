# frozen_string_literal: true

require 'faraday'
require 'securerandom'

module Slotwise
  # The Faraday middleware every generated API sends through: a POST gets an Idempotency-Key unless it has one (so a
  # retry never creates twice), 429 (after Retry-After) and 503 (after an exponential backoff with jitter) are retried
  # with the same key, and an answer that is still not 2xx is raised as Slotwise::Error.
  class Transport < Faraday::Middleware
    # options (a Hash: Faraday 1 hands middleware options over positionally): :max_retries (3), :max_retry_after (60 s),
    # :base_delay (0.5 s)
    def initialize(app, options = {})
      super(app)
      @max_retries = options.fetch(:max_retries, 3)
      @max_retry_after = options.fetch(:max_retry_after, 60)
      @base_delay = options.fetch(:base_delay, 0.5)
    end

    def call(env)
      env.request_headers['Idempotency-Key'] ||= SecureRandom.uuid if env.method == :post
      request_body = env.body
      attempt = 0
      loop do
        env.body = request_body
        response = @app.call(env)
        return response if response.status.between?(200, 299)

        delay = delay_for(response, attempt)
        raise Error.from_response(response.status, response.body, response.headers) if delay.nil?

        sleep(delay)
        attempt += 1
      end
    end

    private

    def delay_for(response, attempt)
      return nil unless [429, 503].include?(response.status) && attempt < @max_retries

      retry_after = Error.retry_after_seconds(response.headers)
      return (retry_after > @max_retry_after ? nil : retry_after) unless retry_after.nil?

      backoff = @base_delay * (2**attempt)
      backoff + (rand * backoff * 0.25)
    end
  end
end
