package dev.slotwise.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium, driven through Debian's chromedriver (no browser is downloaded: {@code .ci/run}
 * installs both packages). Pages are used as a person uses them: fields by their label, buttons by their text.
 */
public final class Chromium implements AutoCloseable {

    private static final String BROWSER = System.getProperty("slotwise.chromium", "/usr/bin/chromium");
    private static final String DRIVER = System.getProperty("slotwise.chromedriver", "/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    public final ChromeDriver driver;

    public Chromium(int width, int height) {
        if (!new File(BROWSER).canExecute() || !new File(DRIVER).canExecute()) {
            throw new IllegalStateException("the browser tests need Debian's chromium and chromium-driver packages ("
                    + BROWSER + ", " + DRIVER + "); .ci/run installs them");
        }
        ChromeOptions options = new ChromeOptions().setBinary(BROWSER)
                .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--no-first-run", "--disable-extensions", "--window-size=" + width + "," + height);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(DRIVER))
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(20));
        driver.manage().window().setSize(new Dimension(width, height));
    }

    /**
     * Sends every request as if through a proxy from this client address ({@code X-Forwarded-For}), for a gateway
     * that trusts the loopback as its proxy: per-address limits then count this browser on its own.
     */
    public Chromium fromAddress(String address) {
        driver.executeCdpCommand("Network.enable", Map.of());
        driver.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of("X-Forwarded-For", address)));
        return this;
    }

    public void open(String url) {
        driver.get(url);
    }

    public WebElement field(String label) {
        WebElement labelElement = driver.findElement(By.xpath("//label[normalize-space()='" + label + "']"));
        return driver.findElement(By.id(labelElement.getAttribute("for")));
    }

    public void fill(String label, String value) {
        WebElement field = field(label);
        field.clear();
        field.sendKeys(value);
    }

    /** Presses the button and, when that loads another page, waits for it. */
    public void press(String button) {
        clickAndWait(driver.findElement(By.xpath("//button[normalize-space()='" + button + "']")));
    }

    private void clickAndWait(WebElement element) {
        WebElement page = driver.findElement(By.tagName("html"));
        element.click();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        try {
            while (System.nanoTime() < deadline) {
                page.isEnabled();
                Thread.sleep(25);
            }
        } catch (WebDriverException loaded) {
            // stale, or the old document gone mid-call: the next page is loading
            awaitLoaded();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitLoaded() {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline
                && !"complete".equals(driver.executeScript("return document.readyState;"))) {
            Thread.onSpinWait();
        }
    }

    /** Presses the button with this text in the table row that contains {@code rowText}. */
    public void pressInRow(String rowText, String button) {
        clickAndWait(driver.findElement(By.xpath("//tr[contains(normalize-space(), '" + rowText
                + "')]//button[normalize-space()='" + button + "']")));
    }

    public void check(String label) {
        WebElement box = field(label);
        if (!box.isSelected()) {
            box.click();
        }
    }

    public void clickLink(String text) {
        clickAndWait(driver.findElement(By.linkText(text)));
    }

    public void select(String label, String visibleText) {
        field(label).findElement(By.xpath(".//option[normalize-space()='" + visibleText + "']")).click();
    }

    /** The session cookie's value, for requests a test sends outside the browser. */
    public String cookie(String name) {
        var cookie = driver.manage().getCookieNamed(name);
        return cookie == null ? null : cookie.getValue();
    }

    /** Waits (up to 10 s) for the browser to arrive at a URL starting with this; answers the URL it is at. */
    public String awaitUrl(String prefix) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!driver.getCurrentUrl().startsWith(prefix) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return driver.getCurrentUrl();
    }

    public String text() {
        return driver.findElement(By.tagName("body")).getText();
    }

    /**
     * What stops a page from working without horizontal scrolling, as a person on a phone meets it: the page itself
     * scrolls sideways, an element inside it scrolls sideways (a table in an {@code overflow: auto} wrapper counts:
     * its last columns are reached only by scrolling), or a visible element sticks out of the window. Hidden elements
     * and those of no size are left out.
     */
    private static final String SIDEWAYS = """
            const width = document.documentElement.clientWidth; const out = [];
            if (document.documentElement.scrollWidth > width) out.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
            document.querySelectorAll('body *').forEach(e => {
              const style = getComputedStyle(e); const r = e.getBoundingClientRect();
              if (style.display === 'none' || style.visibility === 'hidden' || r.width < 2 || r.height < 2) return;
              const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
              if (['auto', 'scroll'].includes(style.overflowX) && e.scrollWidth > e.clientWidth + 1)
                out.push(name + ' scrolls sideways (' + e.scrollWidth + ' in ' + e.clientWidth + ' px)');
              if (r.right > width + 1 || r.left < -1)
                out.push(name + ' sticks out (' + Math.round(r.left) + '..' + Math.round(r.right) + ' of ' + width + ' px)');
            });
            return out.slice(0, 25).join(', ');""";

    /** True when nothing on the page needs horizontal scrolling ({@link #overflowing()} names what does). */
    public boolean fitsWidth() {
        return overflowing().isEmpty();
    }

    /** What needs horizontal scrolling on this page, for a failure message; empty when nothing does. */
    public String overflowing() {
        return String.valueOf(driver.executeScript(SIDEWAYS));
    }

    public Path screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Path target = SCREENSHOTS.resolve(name + ".png");
            Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
